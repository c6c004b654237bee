import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

const getSession = sessionCache();

/** METHOD, UID and SEQUENCE of a mailed invite, read by an independent parser. */
function inviteOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, sequence: event.sequence };
}

describe('booking the first conversation', () => {
  const journey = useJourney();

  it('a client books, moves and cancels it on a phone; the lawyer sees it on a desktop', async () => {
    const { product } = journey;
    // A lead without a lawyer gets Sanne Jansen (Monday to Friday 09:00–17:00) from the admin.
    const admin = await getSession(product, 'beheer@example.com');
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const client = await getSession(product, 'client01@example.com');
    const caseId = client.user.case?.id as string;
    const assigned = await fetch(`${product.baseUrl}/api/admin/cases/${caseId}/assign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lawyer_id: lawyer.user.id }),
    });
    expect(assigned.status).toBe(200);

    // The client on a 360 px phone: the block under the next step offers the next two weeks
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, client);
    await page.goto('/');
    const block = page.getByRole('region', { name: '1e gesprek' });
    await block.getByText('Plan je eerste gesprek met Sanne Jansen. Kies een dag en een tijd.').waitFor();
    const days = block.getByRole('group', { name: 'Kies een dag' });
    await days.getByRole('button').first().waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // A weekend day has no times
    await days
      .getByRole('button', { name: /^(zaterdag|zondag)/ })
      .first()
      .click();
    await block.getByText('Geen tijden beschikbaar', { exact: true }).waitFor();

    // Book the first time of the last weekday with times (a day without any says so in its name:
    // the last day shown, two weeks ahead, has none before the booking horizon at night)
    const lastWeekdayWithTimes = days
      .getByRole('button', { name: /^(maandag|dinsdag|woensdag|donderdag|vrijdag)(?!.*Geen tijden beschikbaar)/ })
      .last();
    await lastWeekdayWithTimes.click();
    const times = block.getByRole('group', { name: /^Tijden op / });
    await times.getByRole('button').first().click();
    let since = product.smtp.messages.length;
    await block.getByRole('button', { name: /^Gesprek plannen op / }).click();
    const booked = block.getByText(/^Je eerste gesprek met Sanne Jansen is op .+ om \d\d:\d\d\.$/);
    await booked.waitFor();
    const firstText = await booked.textContent();
    const invite = await product.smtp.waitForMail('client01@example.com', { since });
    expect(invite.calendars).toHaveLength(1);
    const first = inviteOf(invite.calendars[0]!);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0 });
    await block.getByRole('button', { name: 'Zet in je agenda' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Move it to another time: same UID, higher SEQUENCE
    await block.getByRole('button', { name: 'Verzetten' }).click();
    await block.getByText('Kies een nieuwe dag en tijd voor je gesprek met Sanne Jansen.').waitFor();
    // That day again: the first day with times can hold a single one (24 hours' notice, late in the
    // afternoon), while this one, two weeks ahead, has the whole day.
    await lastWeekdayWithTimes.click();
    await block
      .getByRole('group', { name: /^Tijden op / })
      .getByRole('button')
      .nth(1)
      .click();
    since = product.smtp.messages.length;
    await block.getByRole('button', { name: /^Verzetten naar / }).click();
    await block.getByRole('button', { name: 'Zet in je agenda' }).waitFor();
    const secondText = await block.getByText(/^Je eerste gesprek met Sanne Jansen is op /).textContent();
    expect(secondText).not.toBe(firstText);
    // The move's mail waits the digest window, so that moves close together become one mail;
    // the cancellation below withdraws it, and only the cancellation goes out.
    const sinceMove = since;

    // The lawyer, on a desktop: the upcoming conversation on /dossiers and the '1e gesprek' line on the case
    const { page: lawyerPage } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lawyerPage, lawyer);
    await lawyerPage.goto('/dossiers');
    const upcoming = lawyerPage.getByRole('region', { name: 'Komende gesprekken' });
    await upcoming.getByRole('link', { name: /Emma de Boer/ }).waitFor();
    expect(await findAccessibilityViolations(lawyerPage)).toEqual([]);
    await upcoming.getByRole('link', { name: /Emma de Boer/ }).click();
    await lawyerPage.waitForURL(`**/dossiers/${caseId}`);
    const line = lawyerPage.getByText('1e gesprek', { exact: true }).locator('..');
    await line.getByText(/\d\d-\d\d-\d{4} \d\d:\d\d/).waitFor();
    expect(await findAccessibilityViolations(lawyerPage)).toEqual([]);

    // The client cancels; the lawyer's case line goes back to 'Geen datum bekend' without a reload
    since = product.smtp.messages.length;
    await block.getByRole('button', { name: 'Annuleren' }).click();
    await block.getByRole('button', { name: 'Ja, annuleren' }).click();
    await block.getByRole('group', { name: 'Kies een dag' }).waitFor();
    const cancelled = inviteOf((await product.smtp.waitForMail('client01@example.com', { since })).calendars[0]!);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 2 });
    expect(product.smtp.messages.slice(sinceMove).filter((m) => m.to.includes('client01@example.com'))).toHaveLength(1);
    await line.getByText('Geen datum bekend').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // The same block on a desktop
    await page.setViewportSize({ width: 1280, height: 900 });
    await block.getByRole('group', { name: 'Kies een dag' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
  });
});

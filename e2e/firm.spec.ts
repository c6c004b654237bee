import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';

const CLIENT = 'client04@example.com';
const LAWYER = 'sanne.jansen@example.com';
const OFFICER = 'beheer@example.com';

/**
 * The firm's duties in the browser: the client signs the engagement letter choosing to let the
 * firm wait for the withdrawal period, withdraws within it ('Opdracht herroepen'), files a
 * complaint with a document that reaches the complaints officer (the demo admin) and not the
 * lawyer, and reads the officer's outcome with the independent body. axe on every screen on the
 * way.
 */
describe('withdrawal and complaints', () => {
  const journey = useJourney({ env: { MAIL_DIGEST_MINUTES: '0' } });

  it('signs choosing to wait, withdraws within the period, files a complaint and reads its outcome', async () => {
    const { product } = journey;
    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, await getSession(product, CLIENT));

    // The signing page states the period, shows the model form and asks for the choice first.
    await page.goto('/opdrachtbevestiging');
    await page.getByRole('heading', { name: 'Herroepingsrecht' }).waitFor();
    await page.getByText(/Na ondertekening heb je 14 dagen herroepingsrecht/).waitFor();
    await page.getByText('Modelformulier voor herroeping').click();
    await page.getByText(/Ik deel u hierbij mede dat ik onze overeenkomst/).waitFor();
    await page.getByLabel('Je volledige naam').fill('Milan Smit');
    await page.getByLabel('Ik ga akkoord met de opdrachtbevestiging en de algemene voorwaarden').check();
    await page.getByRole('button', { name: 'Ondertekenen' }).click();
    await page.getByText('Kies of we binnen de herroepingstermijn al mogen beginnen.').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: /^Nee, wacht tot de herroepingstermijn voorbij is/ }).check();
    const signedSince = product.smtp.messages.length;
    await page.getByRole('button', { name: 'Ondertekenen' }).click();
    await page.getByText(/^Getekend op /).waitFor();
    await page.getByText(/^Herroepen kan tot en met /).waitFor();
    // The signing's own mails first, so that they are not taken for the withdrawal's below.
    const signedMail = await product.smtp.waitForMail(CLIENT, { since: signedSince, timeoutMs: 15_000 });
    expect(signedMail.subject).toBe('Je hebt de opdrachtbevestiging getekend');
    await product.smtp.waitForMail(LAWYER, { since: signedSince, timeoutMs: 15_000 });

    // The dashboard offers 'Opdracht herroepen' while the period runs.
    await page.goto('/');
    await page
      .getByText(
        'Je hebt gekozen dat we wachten: je jurist beoordeelt je documenten na afloop van de herroepingstermijn.',
      )
      .waitFor();
    const since = product.smtp.messages.length;
    await page.getByRole('button', { name: 'Opdracht herroepen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wil je de opdracht herroepen?' });
    await dialog.waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ja, herroep de opdracht' }).click();
    await page.getByText('Je hebt de opdracht herroepen. De opdrachtbevestiging is vervallen.').waitFor();
    const clientMail = await product.smtp.waitForMail(CLIENT, { since, timeoutMs: 15_000 });
    expect(clientMail.subject).toBe('Je hebt de opdracht herroepen');
    const lawyerMail = await product.smtp.waitForMail(LAWYER, { since, timeoutMs: 15_000 });
    expect(lawyerMail.subject).toBe('Milan Smit heeft de opdracht herroepen');
    await page.reload();
    await page
      .locator('[aria-current="step"]')
      .filter({ hasText: /Offerte gekozen|pakket/i })
      .first()
      .waitFor();

    // A complaint, from the footer.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Een klacht indienen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Een klacht indienen' }).waitFor();
    await page.getByLabel('Je klacht', { exact: true }).fill('Ik kreeg twee weken geen antwoord van mijn jurist.');
    // One document with it, through the file picker (which names the accepted types).
    await page.getByText(/^Toegestaan: PDF, JPG/).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Document toevoegen' }).click(),
    ]);
    await chooser.setFiles({
      name: 'mailwisseling.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\nmailwisseling\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'mailwisseling.pdf weghalen' }).waitFor();
    const beforeComplaint = product.smtp.messages.length;
    await page.getByRole('button', { name: 'Klacht indienen' }).click();
    await page.getByText(/Je klacht is ontvangen. We antwoorden uiterlijk \d{2}-\d{2}-\d{4}/).waitFor();
    await page.getByRole('button', { name: 'mailwisseling.pdf downloaden' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const receipt = await product.smtp.waitForMail(CLIENT, { since: beforeComplaint, timeoutMs: 15_000 });
    expect(receipt.subject).toBe('We hebben je klacht ontvangen');
    expect(receipt.text).toMatch(/uiterlijk \d{2}-\d{2}-\d{4}/);
    const officerMail = await product.smtp.waitForMail(OFFICER, { since: beforeComplaint, timeoutMs: 15_000 });
    expect(officerMail.text).not.toContain('twee weken geen antwoord');
    // Nothing about the complaint reaches the lawyer.
    expect(product.smtp.messages.slice(beforeComplaint).some((m) => m.to.includes(LAWYER))).toBe(false);

    // The complaints officer (the demo admin) records the outcome.
    const officer = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(officer.page, await getSession(product, OFFICER));
    await officer.page.goto('/beheer/klachten');
    await officer.page.getByRole('heading', { name: 'Klachtenregister' }).waitFor();
    const item = officer.page
      .getByRole('listitem')
      .filter({ hasText: 'Ik kreeg twee weken geen antwoord van mijn jurist.' });
    await item.waitFor();
    expect(await findAccessibilityViolations(officer.page)).toEqual([]);
    // The officer downloads the complaint's document.
    const [download] = await Promise.all([
      officer.page.waitForEvent('download'),
      item.getByRole('button', { name: 'mailwisseling.pdf downloaden' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mailwisseling.pdf');
    await item.getByLabel('Schriftelijke uitkomst').fill('Gegrond. We bieden excuses aan.');
    await item.getByRole('button', { name: 'Uitkomst vastleggen en afsluiten' }).click();
    await item.getByText('Uitkomst: Gegrond. We bieden excuses aan.').waitFor();

    // The client reads the outcome and where to go next.
    await page.reload();
    await page.getByText('Gegrond. We bieden excuses aan.').waitFor();
    await page
      .getByText(/binnen 12 maanden na het indienen van je klacht terecht bij de Geschillencommissie Advocatuur/)
      .waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
  }, 180_000);
});

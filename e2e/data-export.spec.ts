import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { unzip } from '../src/server/infra/testing/unzip';
import { findAccessibilityViolations } from './support/axe';
import { useSharedJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/** A demo client whose data and language no other journey changes (another only signs in as them). */
const CLIENT = 'client08@example.com';

/**
 * 'Download mijn gegevens' in the browser: the client asks from /instellingen, the zip is made
 * in the background, the mail says it is ready (without content), and the download holds the
 * readable summary and the JSON of what the portal keeps. A second request the same day is
 * refused with the day it is possible again. axe on each state, at 360 px.
 */
describe("a client's data export", () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  it('asks from /instellingen, gets the mail, downloads the zip and is told when it may ask again', async () => {
    const { product } = journey;
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, await session(product, CLIENT));
    await page.goto('/instellingen');
    const section = page.getByRole('region', { name: 'Download mijn gegevens' });
    await section.getByRole('button', { name: 'Mijn gegevens opvragen' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const since = product.smtp.messages.length;
    await section.getByRole('button', { name: 'Mijn gegevens opvragen' }).click();
    const mail = await product.smtp.waitForMail(CLIENT, { since, timeoutMs: 60_000 });
    expect(mail.subject).toBe('Je gegevens staan klaar om te downloaden');
    // The mail says until when, never what: no name of a document or message in it.
    expect(mail.text).toMatch(/De downloadlink werkt tot /);

    await page.reload();
    const link = section.getByRole('button', { name: 'Download mijn gegevens (zip)' });
    await link.waitFor();
    await section.getByText(/Een nieuwe aanvraag kan vanaf /).waitFor();
    expect(await section.getByRole('button', { name: 'Mijn gegevens opvragen' }).count()).toBe(0);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const entries = unzip(await readFile((await download.path()) as string));
    const names = [...entries.keys()];
    expect(names).toContain('samenvatting.pdf');
    expect(names).toContain('gegevens/profiel.json');
    expect(names).toContain('gegevens/tijdlijn.json');
    const profile = JSON.parse(entries.get('gegevens/profiel.json')!.toString('utf8')) as { email: string };
    expect(profile.email).toBe(CLIENT);
    expect(entries.get('samenvatting.pdf')!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

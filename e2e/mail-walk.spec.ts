import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CaughtMail } from '../src/server/infra/testing/smtp-peer';
import { useJourney } from './support/journey';
import { getSession, loginThroughMail } from './support/login';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const CLIENT = 'client04@example.com';
const LAWYER = 'sanne.jansen@example.com';

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`),
});

async function chooseFile(page: Page, button: ReturnType<Page['getByRole']>, file: ReturnType<typeof pdf>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/**
 * Walking a case: each step's mail arrives in the SMTP peer exactly once,
 * with a link to the right screen, and nothing else goes to the two people of the case.
 * Digests are off (MAIL_DIGEST_MINUTES=0) so the walk need not wait 10 minutes; batching is
 * covered by src/server/infra/outbox/digest.test.ts.
 */
describe('mail while walking a case', () => {
  const journey = useJourney({ env: { MAIL_DIGEST_MINUTES: '0', METRICS_TOKEN } });

  /**
   * Waits until the outbox holds no pending mail (the gauge on /metrics): every mail caused so far was accepted by the
   * peer.
   */
  async function settled(): Promise<void> {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${journey.product.baseUrl}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          return /^portal_outbox_pending (\d+)$/m.exec(await response.text())?.[1];
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe('0');
  }
  const mailsTo = (address: string) => journey.product.smtp.messages.filter((m) => m.to.includes(address));
  const linkIn = (mail: CaughtMail | undefined, path: RegExp) => {
    const match = new RegExp(`${journey.product.baseUrl.replace(/[.:/]/g, '\\$&')}(${path.source})`).exec(
      mail?.text ?? '',
    );
    expect(match, `link ${path} in "${mail?.subject}"`).not.toBeNull();
    return match?.[1] ?? '';
  };

  it('sends the letter, the client signs it from the mail and uploads: every mail once, none lost', async () => {
    const { product } = journey;
    const lawyer = await getSession(product, LAWYER);

    // The lawyer sends the engagement letter.
    const cases = await fetch(`${product.baseUrl}/api/cases?q=Milan`, {
      headers: { authorization: `Bearer ${lawyer.token}` },
    });
    const caseId = ((await cases.json()) as { data: { id: string }[] }).data[0]?.id;
    expect(caseId).toBeTruthy();
    const sent = await fetch(`${product.baseUrl}/api/cases/${caseId}/proposal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lawyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ minimal_achievement: 'M1' }),
    });
    expect(sent.status).toBe(200);
    const letterMail = await product.smtp.waitForMail(CLIENT, { timeoutMs: 15_000 });
    expect(letterMail.subject).toBe('Je opdrachtbevestiging staat klaar om te ondertekenen');

    // The client signs in through the mailed code and follows the mail's link to sign.
    const { page } = await journey.openPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    await loginThroughMail(page, product, CLIENT);
    const link = linkIn(letterMail, /\/[^\s\]]*/);
    expect(link).toBe('/opdrachtbevestiging');
    await page.goto(link);
    await page.getByLabel('Je volledige naam').fill('Milan Smit');
    await page.getByLabel('Ik ga akkoord met de opdrachtbevestiging en de algemene voorwaarden').check();
    await page.getByRole('radio', { name: /^Ja, begin direct met mijn zaak/ }).check();
    await page.getByRole('button', { name: 'Ondertekenen' }).click();
    await page.getByText(/^Getekend op /).waitFor();

    // Then uploads a mandatory document.
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
    const title = (await page.getByRole('article').first().locator('h3').textContent()) ?? '';
    const card = page.getByRole('article', { name: title });
    await chooseFile(page, card.getByRole('button', { name: /^Uploaden/ }), pdf('arbeidsovereenkomst'));
    await card.getByText('Geüpload', { exact: true }).waitFor();

    await settled();
    const toClient = mailsTo(CLIENT).map((m) => m.subject);
    const toLawyer = mailsTo(LAWYER).map((m) => m.subject);
    expect(toClient).toEqual([
      'Je opdrachtbevestiging staat klaar om te ondertekenen',
      'Je inlogcode voor Ontslagportaal',
      'Je hebt de opdrachtbevestiging getekend',
    ]);
    expect(toLawyer).toEqual([
      'Je inlogcode voor Ontslagportaal',
      'Milan Smit heeft de opdrachtbevestiging ondertekend',
      'Milan Smit heeft een document geüpload',
    ]);
    // Links to the right screens.
    expect(linkIn(mailsTo(LAWYER)[1], /\/dossiers\/[0-9a-f-]+/)).toBe(`/dossiers/${caseId}`);
    expect(linkIn(mailsTo(LAWYER)[2], /\/dossiers\/[0-9a-f-]+\/documenten/)).toBe(`/dossiers/${caseId}/documenten`);
    // No document content, no file name in any of them.
    for (const mail of [...mailsTo(CLIENT), ...mailsTo(LAWYER)])
      expect(mail.text).not.toContain('arbeidsovereenkomst.pdf');
  });
});

import { describe, expect, it } from 'vitest';
import { DocumentListResponseSchema } from '../src/contract/documents';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

const getSession = sessionCache();

describe('messages between a client and a lawyer', () => {
  const journey = useJourney();

  it('chat live in two browsers, with an attachment, on a phone and a desktop, in Dutch and English', async () => {
    const { product } = journey;
    const client = await getSession(product, 'client12@example.com');
    const lawyer = await getSession(product, 'daan.visser@example.com');
    const caseId = client.user.case?.id;
    expect(caseId).toBeTruthy();

    // The lawyer works on a desktop in English, on the case list
    const { page: lawyerPage } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(lawyerPage, lawyer, { language: 'en-US' });
    await lawyerPage.goto('/dossiers');
    await lawyerPage
      .getByRole('link', { name: /Dekker/ })
      .first()
      .waitFor();

    // The client, on a 360 px phone in Dutch, goes from 'Hulp nodig?' to the conversation
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, client);
    await page.goto('/documenten');
    await page
      .getByRole('complementary', { name: 'Hulp nodig?' })
      .getByRole('link', { name: 'Stuur je arbeidsrechtjurist een bericht' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Berichten' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Daan Visser' }).waitFor();
    await page.getByText('Nog geen berichten. Stel hier je eerste vraag.').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Enter sends, Shift+Enter makes a new line
    const field = page.getByRole('textbox', { name: 'Bericht' });
    await field.fill('Goedemorgen, ik heb een vraag over mijn vaststellingsovereenkomst.');
    await field.press('Shift+Enter');
    await field.pressSequentially('Mag ik die al tekenen?');
    await field.press('Enter');
    const log = page.getByRole('log', { name: 'Berichten' });
    await log.getByText(/Mag ik die al tekenen\?/).waitFor();
    expect(await field.inputValue()).toBe('');
    await log.getByText('verzonden').waitFor();

    // Without a reload, the lawyer's task list and case list show the unread message
    const task = lawyerPage.getByRole('button', { name: /Unread messages/ });
    await task.waitFor();
    expect(await task.textContent()).toContain('1');
    await lawyerPage
      .getByRole('link', { name: /Dekker.*1 unread message/ })
      .first()
      .waitFor();
    await task.click();
    await lawyerPage.getByRole('link', { name: /Levi Dekker/ }).click();
    await lawyerPage.waitForURL(`**/dossiers/${caseId}/berichten`);
    const lawyerLog = lawyerPage.getByRole('log', { name: 'Messages' });
    await lawyerLog
      .getByText('Goedemorgen, ik heb een vraag over mijn vaststellingsovereenkomst.', { exact: false })
      .waitFor();
    expect(await findAccessibilityViolations(lawyerPage)).toEqual([]);

    // The lawyer read it: the client sees 'gelezen' appear live
    await log.getByText('gelezen', { exact: true }).waitFor();

    // The lawyer answers with a link and markup; the client sees it live, as text, the link safe
    const lawyerField = lawyerPage.getByRole('textbox', { name: 'Message' });
    await lawyerField.fill('Nog niet tekenen. Lees eerst https://example.com/vso-uitleg. <b>niet vet</b>');
    await lawyerPage.getByRole('button', { name: 'Send' }).click();
    const link = log.getByRole('link', { name: 'https://example.com/vso-uitleg' });
    await link.waitFor();
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    await log.getByText('<b>niet vet</b>', { exact: false }).waitFor();
    expect(await log.locator('b').count()).toBe(0);

    // The client sends a file with the attachment button; the lawyer gets it live as a document
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Bijlage toevoegen' }).click(),
    ]);
    await chooser.setFiles({
      name: 'concept-vso.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% concept\n%%EOF\n'),
    });
    await page.getByText('Bijlage: concept-vso.pdf').waitFor();
    await field.fill('Hier is het concept.');
    await page.getByRole('button', { name: 'Versturen' }).click();
    await log.getByRole('button', { name: 'Bijlage: concept-vso.pdf' }).waitFor();
    await lawyerLog.getByRole('button', { name: 'Attachment: concept-vso.pdf' }).waitFor();
    const documents = await fetch(`${product.baseUrl}/api/cases/${caseId}/documents`, {
      headers: { Authorization: `Bearer ${lawyer.token}` },
    });
    expect(DocumentListResponseSchema.parse(await documents.json()).data.map((d) => d.title)).toContain(
      'concept-vso.pdf',
    );

    // Nothing sticks out of the phone screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // 'Stuur client bericht' ('Message client') on a document opens the conversation with the document referenced
    await lawyerPage.goto(`/dossiers/${caseId}/documenten`);
    await lawyerPage
      .getByRole('button', { name: /^More actions: / })
      .first()
      .click();
    await lawyerPage.getByRole('menuitem', { name: 'Message client' }).click();
    await lawyerPage.waitForURL(`**/dossiers/${caseId}/berichten`);
    expect(await lawyerPage.getByRole('textbox', { name: 'Message' }).inputValue()).toMatch(
      /^About the document ".+": $/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CaseLawyerViewResponseSchema } from '../src/contract/cases';
import { DocumentResponseSchema } from '../src/contract/documents';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

const getSession = sessionCache();

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`),
});

/** Clicks a button that opens the file chooser and picks one file, as a person would. */
async function chooseFile(page: Page, button: ReturnType<Page['getByRole']>, file: ReturnType<typeof pdf>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

describe('a lawyer reviewing documents', () => {
  const journey = useJourney();

  it('rejects an upload with a reason, the client sends a new version, the lawyer approves it', async () => {
    const { product } = journey;
    const client = await getSession(product, 'client03@example.com');
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const caseId = client.user.case?.id;
    expect(caseId).toBeTruthy();
    const pending = async () => {
      const response = await fetch(`${product.baseUrl}/api/cases/${caseId}`, {
        headers: { Authorization: `Bearer ${lawyer.token}` },
      });
      return CaseLawyerViewResponseSchema.parse(await response.json()).data.pending_documents;
    };

    // The client uploads a mandatory document on a phone
    const { page: clientPage } = await journey.openPage({ viewport: { width: 390, height: 844 } });
    await signIn(clientPage, client);
    await clientPage.goto('/documenten');
    await clientPage.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
    const title = (await clientPage.getByRole('article').first().locator('h3').textContent()) ?? '';
    expect(title).not.toBe('');
    const clientCard = clientPage.getByRole('article', { name: title });
    await chooseFile(clientPage, clientCard.getByRole('button', { name: /^Uploaden/ }), pdf('loonstrook'));
    await clientCard.getByText('Geüpload', { exact: true }).waitFor();
    const pendingBefore = await pending();
    expect(pendingBefore).toBeGreaterThan(0);

    // The lawyer sees it on the tab 'Documenten' on a desktop, previews it and rejects it
    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, lawyer);
    await page.goto(`/dossiers/${caseId}/documenten`);
    await page.getByRole('heading', { level: 2, name: 'Verplichte documenten' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Overige documenten' }).waitFor();
    const card = page.getByRole('article', { name: title });
    await card.getByText('Geüpload', { exact: true }).waitFor();
    await card.getByText(/loonstrook\.pdf/).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    // The rest of the actions sit behind one menu button.
    await card.getByRole('button', { name: `Meer acties: ${title}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Stuur client bericht' }).getAttribute('href')).resolves.toBe(
      `/dossiers/${caseId}/berichten`,
    );
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: /^Bekijken/ }).click();
    const preview = page.getByRole('dialog', { name: new RegExp(title) });
    const frame = preview.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^\/files\/documents\//);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await expect.poll(pending, { timeout: 10_000 }).toBe(pendingBefore - 1);

    await card.getByRole('button', { name: /^Afkeuren/ }).click();
    const reject = page.getByRole('dialog', { name: 'Document afkeuren' });
    await reject.getByPlaceholder('Geef een reden...').fill('De loonstrook is van vorig jaar, graag de meest recente.');
    await reject.getByRole('button', { name: 'Verstuur' }).click();
    await reject.waitFor({ state: 'hidden' });
    await card.getByText('Afgekeurd', { exact: true }).waitFor();
    await card.getByText('De loonstrook is van vorig jaar, graag de meest recente.').waitFor();
    expect(await card.getByRole('button', { name: /^Goedkeuren/ }).count()).toBe(0);

    // The client sees the reason and uploads a new version
    await clientPage.reload();
    await clientCard.getByText('Afgekeurd', { exact: true }).waitFor();
    await clientCard.getByText('De loonstrook is van vorig jaar, graag de meest recente.').waitFor();
    await chooseFile(
      clientPage,
      clientCard.getByRole('button', { name: /^Nieuwe versie uploaden/ }),
      pdf('loonstrook-oktober'),
    );
    await clientCard.getByText('Geüpload', { exact: true }).waitFor();

    // The lawyer approves the new version (after downloading it)
    await page.reload();
    await card.getByText(/loonstrook-oktober\.pdf/).waitFor();
    await card.getByRole('button', { name: `Meer acties: ${title}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('loonstrook-oktober.pdf');
    // Approved inside the full-screen preview
    await card.getByRole('button', { name: /^Bekijken/ }).click();
    const again = page.getByRole('dialog', { name: new RegExp(title) });
    await again.getByRole('button', { name: `Goedkeuren: ${title}` }).click();
    await again.getByRole('button', { name: `Goedkeuren: ${title}` }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await card.getByText('Goedgekeurd', { exact: true }).waitFor();

    // The client's card shows it approved
    await clientPage.reload();
    await clientCard.getByText('Goedgekeurd', { exact: true }).waitFor();
    expect(await clientPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  it('hides a general document from the client and deletes one, on a phone in English', async () => {
    const { product } = journey;
    const client = await getSession(product, 'client04@example.com');
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const caseId = client.user.case?.id;
    for (const title of ['Brief van werkgever', 'Oude brief']) {
      const form = new FormData();
      form.append('title', title);
      form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), `${title}.pdf`);
      const created = await fetch(`${product.baseUrl}/api/cases/${caseId}/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${client.token}` },
        body: form,
      });
      expect(created.status).toBe(201);
    }

    const { page } = await journey.openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, lawyer, { language: 'en-US' });
    await page.goto(`/dossiers/${caseId}/documenten`);
    await page.getByRole('heading', { level: 2, name: 'Mandatory documents' }).waitFor();
    const letter = page.getByRole('article', { name: 'Brief van werkgever' });
    await letter.getByText('Uploaded by').waitFor();
    await letter.getByText(client.user.full_name, { exact: true }).waitFor();
    const toggle = letter.getByRole('switch', { name: /Visible to client/ });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role=switch][aria-checked=false]') !== null);

    const old = page.getByRole('article', { name: 'Oude brief' });
    await old.getByRole('button', { name: 'More actions: Oude brief' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete document' });
    await dialog.getByText('Are you sure you want to delete this document?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await old.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const list = await fetch(`${product.baseUrl}/api/cases/${caseId}/documents`, {
      headers: { Authorization: `Bearer ${client.token}` },
    });
    const titles = ((await list.json()) as { data: { title: string }[] }).data.map((d) => d.title);
    expect(titles).not.toContain('Brief van werkgever');
    expect(titles).not.toContain('Oude brief');
  });

  it('previews and downloads an SVG with a script without running it', async () => {
    const { product } = journey;
    const client = await getSession(product, 'client07@example.com');
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const caseId = client.user.case?.id;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" ' +
      "onload=\"document.title='onload-ran';fetch('/marker-onload')\">" +
      "<script>window.svgScriptRan=true;document.title='script-ran';fetch('/marker-script')</script><rect " +
      'width="20" height="20" fill="red"/></svg>';
    const form = new FormData();
    form.append('title', 'Tekening');
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'tekening.svg');
    const created = await fetch(`${product.baseUrl}/api/cases/${caseId}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const link = DocumentResponseSchema.parse(await created.json()).data.temporary_url;
    expect(link).toBeTruthy();

    const { context, page } = await journey.openPage({ allowConsole: [/Blocked script execution/, /sandboxed/] });
    const markers: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/marker')) markers.push(request.url());
    });
    await signIn(page, lawyer);
    await page.goto(`/dossiers/${caseId}/documenten`);
    const drawing = page.getByRole('article', { name: 'Tekening' });
    await drawing.getByRole('button', { name: /^Bekijken/ }).click();
    const preview = page.getByRole('dialog', { name: /Tekening/ });
    const image = preview.getByRole('img', { name: 'Tekening' });
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[role=dialog] img');
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 20;
    });
    expect(await preview.locator('iframe').count()).toBe(0);
    await page.keyboard.press('Escape');

    await drawing.getByRole('button', { name: 'Meer acties: Tekening' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tekening.svg');
    const pageTitle = await page.title();
    expect(pageTitle).not.toMatch(/ran/);
    expect(await page.evaluate(() => (window as unknown as { svgScriptRan?: boolean }).svgScriptRan)).toBeUndefined();

    // The temporary link opened directly in a tab: served sandboxed, nothing runs
    const { page: tab } = await journey.openTab(context, { allowConsole: [/Blocked script execution/, /sandboxed/] });
    const response = await tab.goto(link!);
    expect(response?.headers()['content-security-policy']).toMatch(/^sandbox/);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(await tab.title()).not.toMatch(/ran/);
    expect(await tab.evaluate(() => (window as unknown as { svgScriptRan?: boolean }).svgScriptRan)).toBeUndefined();
    expect(markers).toEqual([]);
  });
});

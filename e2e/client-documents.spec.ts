import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DocumentListResponseSchema, DocumentResponseSchema } from '../src/contract/documents';
import { ContactPersonListResponseSchema } from '../src/contract/contact-persons';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';

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

describe('a client preparing their case file', () => {
  const journey = useJourney();

  it('fills all three Mijn verhaal tabs, uploads, replaces and deletes documents and sees a rejection', async () => {
    const { product } = journey;
    const session = await getSession(product, 'client04@example.com');
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const caseId = session.user.case?.id;
    expect(caseId).toBeTruthy();
    const api = async (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${product.baseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
      });

    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, session);

    // Tab 'Jouw gegevens'
    await page.goto('/mijn-verhaal');
    await page.getByLabel('Voornaam').fill('Fenna');
    await page.getByLabel('Achternaam').fill('Bakker');
    await page.getByLabel('Plaats').fill('Rotterdam');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();

    // Tab 'Over jouw werkgever': company, two contact persons, then one removed
    await page.getByRole('link', { name: 'Over jouw werkgever' }).click();
    await page.getByLabel('Bedrijfsnaam').fill('Bakkerij De Vries');
    await page.getByLabel('Huisnummer').fill('12');
    await expect(page.getByLabel('Postcode').getAttribute('placeholder')).resolves.toBe('1234AA');
    await page.getByLabel('Postcode').fill('3011AD');
    await page.getByLabel('Plaats').fill('Rotterdam');
    await page.getByLabel('E-mailadres werkgever').fill('hr@devries.nl');
    await page.getByLabel('Telefoonnummer werkgever').fill('010 555 12 34');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const contacts = page.getByRole('region', { name: 'Contactpersonen' });
    const existing = await contacts.getByRole('group').count();
    for (let i = existing; i < 2; i++) await contacts.getByRole('button', { name: 'Contactpersoon toevoegen' }).click();
    for (const [index, name] of [
      [0, 'Petra'],
      [1, 'Joost'],
    ] as const) {
      const group = contacts.getByRole('group', { name: `Contactpersoon ${index + 1}` });
      await group.getByLabel('Voornaam').fill(name);
      await group.getByLabel('Achternaam').fill('Jansen');
      await group.getByLabel('E-mailadres').fill(`${name.toLowerCase()}@devries.nl`);
    }
    await contacts.getByRole('button', { name: 'Contactpersonen opslaan' }).click();
    await contacts.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();
    await contacts.getByRole('button', { name: 'Contactpersoon 1 verwijderen' }).click();
    await contacts.getByRole('button', { name: 'Contactpersonen opslaan' }).click();
    await contacts.getByRole('group', { name: 'Contactpersoon' }).waitFor();
    // The form shows one person at once; the server has them once the save is answered.
    const savedNames = async () =>
      ContactPersonListResponseSchema.parse(
        await (await api(`/api/cases/${caseId}/contact-persons`, session.token)).json(),
      ).data.map((p) => p.first_name);
    await expect.poll(savedNames, { timeout: 10_000 }).toEqual(['Joost']);

    // Tab 'Mijn verhaal'
    await page
      .getByRole('navigation', { name: 'Onderdelen van mijn verhaal' })
      .getByRole('link', { name: 'Mijn verhaal' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Mijn verhaal' }).waitFor();
    await page.getByRole('main').getByRole('textbox').first().fill('Mijn functie is vervallen na een reorganisatie.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Je antwoorden zijn succesvol opgeslagen.').waitFor();

    // Documents: every mandatory document until 100 %
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
    // The page's own bar (each upload shows a bar of its own while it runs).
    const progress = page.getByRole('progressbar', { name: 'Voortgang van je verplichte documenten' });
    const cards = page.getByRole('article');
    const titles = await cards.locator('h3').allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    for (const [i, title] of titles.entries()) {
      const card = page.getByRole('article', { name: title });
      await chooseFile(page, card.getByRole('button', { name: /^Uploaden/ }), pdf(`document-${i}`));
      await card.getByText('Geüpload', { exact: true }).waitFor();
    }
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('100');

    // Replace one, delete another
    const first = page.getByRole('article', { name: titles[0] });
    await chooseFile(page, first.getByRole('button', { name: /^Nieuwe versie uploaden/ }), pdf('nieuwe-versie'));
    await first.getByText(/nieuwe-versie\.pdf/).waitFor();
    const second = page.getByRole('article', { name: titles[1] });
    await second.getByRole('button', { name: 'Verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document verwijderen' });
    await dialog.getByText('Weet je zeker dat je dit document wilt verwijderen?').waitFor();
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await second.getByText('Niet geüpload', { exact: true }).waitFor();
    const expected = String(Math.round(((titles.length - 1) / titles.length) * 100));
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe(expected);

    // 'Overige documenten'
    const other = page.getByRole('region', { name: 'Overige documenten' });
    await other.getByLabel('Titel').fill('Brief van werkgever');
    await chooseFile(page, other.getByRole('button', { name: 'Bestand kiezen' }), pdf('brief'));
    await other.getByRole('button', { name: 'Toevoegen' }).click();
    // The cell names the title and then the file type badge (the real extension beside the title).
    await other.getByRole('cell', { name: /^Brief van werkgever\b/ }).waitFor();

    expect(await findAccessibilityViolations(page)).toEqual([]);

    // 'Hulp nodig?' opens the conversation with the lawyer
    await expect(
      page.getByRole('complementary', { name: 'Hulp nodig?' }).getByRole('link').getAttribute('href'),
    ).resolves.toBe('/berichten');

    // The lawyer rejects the replaced document; the client sees why
    const docs = DocumentListResponseSchema.parse(
      await (await api(`/api/cases/${caseId}/documents`, lawyer.token)).json(),
    ).data;
    const replaced = docs.find((d) => d.title === titles[0]);
    const review = await api(`/api/documents/${replaced?.id}/review`, lawyer.token, {
      method: 'POST',
      body: JSON.stringify({ status: 'Rejected', message: 'Graag een scherpere scan.' }),
    });
    expect(review.status).toBe(200);
    await page.reload();
    await first.getByText('Afgekeurd', { exact: true }).waitFor();
    await first.getByText('Graag een scherpere scan.').waitFor();
  });

  it('shows the documents as cards on a phone, in English', async () => {
    const session = await getSession(journey.product, 'client06@example.com');
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, session, { language: 'en-US' });
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Your documents' }).waitFor();
    await page.getByRole('list', { name: 'Other documents' }).waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    await page.getByText('Need help?').waitFor();
    await page.getByText('De scan is onleesbaar. Wil je een duidelijkere versie uploaden?').first().waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflows()).toBe(false);

    for (const [path, heading] of [
      ['/mijn-verhaal', 'Your details'],
      ['/mijn-verhaal/werkgever-gegevens', 'Contact persons'],
      ['/mijn-verhaal/verhaal-gegevens', 'My story'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      await page.getByRole('button', { name: /^Save/ }).first().waitFor();
      expect(await overflows()).toBe(false);
      expect(await findAccessibilityViolations(page)).toEqual([]);
    }
  });

  it('previews an SVG with a script as an image and as a link without running the script', async () => {
    const { product } = journey;
    // client01 has no lawyer yet: 'Hulp nodig?' still opens the conversation (read once a lawyer is assigned)
    const session = await getSession(product, 'client01@example.com');
    const caseId = session.user.case?.id;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" ' +
      'height="20"><script>document.documentElement.setAttribute("data-ran","yes");fetch("/api/user")</script><rect ' +
      'width="20" height="20" fill="red"/></svg>';
    const form = new FormData();
    form.append('title', 'Tekening');
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'tekening.svg');
    const created = await fetch(`${product.baseUrl}/api/cases/${caseId}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const link = DocumentResponseSchema.parse(await created.json()).data.temporary_url;
    expect(link).toBeTruthy();

    const { page } = await journey.openPage({ allowConsole: [/Blocked script execution/, /sandboxed/] });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const response = await page.goto(link!);
    expect(response?.headers()['content-security-policy']).toMatch(/^sandbox/);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
    expect(requests.filter((path) => path === '/api/user')).toEqual([]);

    await signIn(page, session);
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
    await expect(
      page.getByRole('complementary', { name: 'Hulp nodig?' }).getByRole('link').getAttribute('href'),
    ).resolves.toBe('/berichten');
    await page.evaluate((src) => {
      const image = document.createElement('img');
      image.alt = 'voorbeeld';
      image.src = src;
      document.body.append(image);
      return new Promise((resolve) => image.addEventListener('load', resolve));
    }, link!);
    expect(
      await page.evaluate(() => (document.querySelector('img[alt=voorbeeld]') as HTMLImageElement).naturalWidth),
    ).toBe(20);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';
import { useMollieStandIn } from './support/mollie';

/**
 * Finn van den Berg's case (client10, 'Klaar voor facturatie', lawyer Sanne Jansen) on a product of
 * this file's own, with the Mollie stand-in: the lawyer prepares and issues the invoice, the client
 * pays it in the browser on the stand-in's checkout page and comes back to 'Voldaan'; the admin
 * finds it in the books. Every screen is checked with axe at 360 px, in Dutch and in English.
 */
const CLIENT = 'client10@example.com';
const LAWYER = 'sanne.jansen@example.com';
const ADMIN = 'beheer@example.com';
const PHONE = { width: 360, height: 740 };

const axeClean = async (page: Page) => expect(await findAccessibilityViolations(page)).toEqual([]);
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

describe('invoices: issued by the lawyer, paid by the client with iDEAL | Wero', () => {
  const mollie = useMollieStandIn();
  const journey = useJourney({ env: mollie.env });
  const session = sessionCache();

  it('walks draft, issue, payment through the checkout and Voldaan at 360 px, in Dutch and English', async () => {
    const { product } = journey;
    const client = await session(product, CLIENT);
    const lawyer = await session(product, LAWYER);
    const admin = await session(product, ADMIN);
    const caseId = client.user.case?.id as string;

    // The lawyer: an empty draft of one line, the totals as the server computes them.
    const { page: lawyerPage } = await journey.openPage({ viewport: PHONE });
    await signIn(lawyerPage, lawyer);
    await lawyerPage.goto(`/dossiers/${caseId}/facturen`);
    await lawyerPage.getByRole('heading', { name: 'Factuur voorbereiden' }).waitFor();
    await axeClean(lawyerPage);
    await lawyerPage.getByRole('button', { name: 'Lege conceptfactuur' }).click();
    const form = lawyerPage.getByRole('form', { name: 'Nieuwe conceptfactuur' });
    await expect(form.getByRole('radio', { name: 'De cliënt' }).isChecked()).resolves.toBe(true);
    await form.getByLabel('Omschrijving').fill('Juridische bijstand beëindiging arbeidsovereenkomst');
    await form.getByLabel('Prijs per stuk in euro (excl. btw)').fill('1.020,30');
    await expect(form.getByLabel('Btw-tarief').inputValue()).resolves.toBe('21');
    await axeClean(lawyerPage);
    await fitsTheScreen(lawyerPage);
    await form.getByRole('button', { name: 'Concept opslaan' }).click();
    await lawyerPage.getByText('De conceptfactuur is opgeslagen.').waitFor();
    const draft = lawyerPage.getByRole('article', { name: 'Conceptfactuur' });
    await draft.getByText('Btw 21 % over € 1.020,30').waitFor();
    await draft.getByText('€ 214,26').waitFor();
    await draft.getByText('€ 1.234,56').waitFor();
    await axeClean(lawyerPage);

    // Issued only after the confirm: the number, and the draft's buttons are gone.
    await draft.getByRole('button', { name: 'Factuur uitreiken' }).click();
    const dialog = lawyerPage.getByRole('dialog', { name: 'Factuur uitreiken?' });
    await dialog.getByRole('button', { name: 'Ja, factuur uitreiken' }).click();
    const issued = lawyerPage.getByText(/^Factuur \d{4}-\d{4} is uitgereikt\.$/);
    await issued.waitFor();
    const number = /(\d{4}-\d{4})/.exec((await issued.textContent()) ?? '')?.[1] as string;
    const lawyerCard = lawyerPage.getByRole('article', { name: `Factuur ${number}` });
    await lawyerCard.getByText('Open', { exact: true }).waitFor();
    await expect(lawyerCard.getByRole('button', { name: 'Bewerken' }).count()).resolves.toBe(0);
    await lawyerCard.getByRole('button', { name: 'Crediteren' }).waitFor();
    await axeClean(lawyerPage);

    // The client: the dashboard's card, then 'Facturen' with the open invoice.
    const { page: clientPage } = await journey.openPage({ viewport: PHONE });
    await signIn(clientPage, client);
    await clientPage.goto('/');
    const card = clientPage.getByRole('region', { name: 'Openstaande facturen' });
    await card.getByText('Je hebt 1 openstaande factuur van € 1.234,56.').waitFor();
    await axeClean(clientPage);
    await card.getByRole('link', { name: 'Naar je facturen' }).click();
    const invoice = clientPage.getByRole('article', { name: `Factuur ${number}` });
    await invoice.getByText('Open', { exact: true }).waitFor();
    await invoice.getByText('€ 1.234,56').waitFor();
    await axeClean(clientPage);
    await fitsTheScreen(clientPage);

    // Paying: the stand-in's checkout page, 'Betaald', and back to the invoice (the stand-in has no icon).
    await clientPage.route(`${mollie.peer.url}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
    await invoice.getByRole('button', { name: 'Betalen met iDEAL | Wero' }).click();
    await clientPage.getByRole('heading', { name: 'Testbetaling' }).waitFor();
    expect(clientPage.url().startsWith(mollie.peer.url)).toBe(true);
    await clientPage.getByText(number, { exact: false }).first().waitFor();
    await clientPage.getByLabel('Betaald').check();
    await clientPage.getByRole('button', { name: 'Uitkomst bevestigen' }).click();
    await clientPage.waitForURL(`${product.baseUrl}/facturen/**`);
    await clientPage.getByText(`Dank je wel! Je betaling voor factuur ${number} is binnen.`).waitFor();
    const paid = clientPage.getByRole('article', { name: `Factuur ${number}` });
    await paid.getByText(/^Voldaan op \d{2}-\d{2}-\d{4}$/).waitFor();
    await expect(paid.getByRole('button', { name: 'Betalen met iDEAL | Wero' }).count()).resolves.toBe(0);
    await axeClean(clientPage);
    expect(mollie.peer.webhookCalls.map((call) => call.status)).toContain(200);

    // The lawyer's tab follows: paid, and the task to close the case.
    await lawyerPage.reload();
    await lawyerCard.getByText(/^Voldaan op \d{2}-\d{2}-\d{4}$/).waitFor();
    await lawyerPage
      .getByText("Alle facturen zijn voldaan: rond het dossier af met 'Factuur voldaan – dossier afronden'.")
      .waitFor();

    // The admin's books list it.
    const { page: adminPage } = await journey.openPage({ viewport: PHONE });
    await signIn(adminPage, admin);
    await adminPage.goto('/beheer/facturen');
    const table = adminPage.getByRole('table', { name: 'Facturen' });
    const row = table.getByRole('row').filter({ hasText: number });
    await row.getByText(/^Voldaan op/).waitFor();
    await row.getByText('€ 1.234,56').waitFor();
    await adminPage.getByRole('button', { name: 'Exporteren voor de boekhouder (CSV)' }).waitFor();
    await axeClean(adminPage);

    // The same screens in English.
    for (const [page, who, path, ready] of [
      [clientPage, client, '/facturen', `Invoice ${number}`],
      [lawyerPage, lawyer, `/dossiers/${caseId}/facturen`, `Invoice ${number}`],
      [adminPage, admin, '/beheer/facturen', 'Invoices'],
    ] as const) {
      await signIn(page, who, { language: 'en-US' });
      await page.goto(path);
      await page.getByRole(path === '/beheer/facturen' ? 'table' : 'article', { name: ready }).waitFor();
      await axeClean(page);
      await fitsTheScreen(page);
    }
    await clientPage
      .getByText(/^Paid on \d{2}-\d{2}-\d{4}$/)
      .first()
      .waitFor();
  });
});

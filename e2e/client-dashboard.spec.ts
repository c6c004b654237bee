import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../src/contract/cases';
import { SiteResponseSchema } from '../src/contract/site';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';
import { apiGetsOnceStreamReady, countApiGets } from './support/requests';

/** Calls the real API with the client's token, as the other screens of the portal do. */
async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const nextStep = (page: Page) =>
  page.getByRole('region', { name: /.+/ }).filter({ has: page.locator('#next-step-heading') });

describe('a new client preparing their case and choosing a package', () => {
  const journey = useJourney();

  it('unlocks the three buttons in order, then requests Compleet onbezorgd', async () => {
    const { baseUrl } = journey.product;
    const session = await getSession(journey.product, 'client01@example.com');
    const { token } = session;
    const { page } = await journey.openPage();
    await signIn(page, session);
    await page.goto('/');

    const block = nextStep(page);
    await block.getByRole('heading', { name: 'Vul je gegevens aan' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /^Welkom/ }).waitFor();
    await page.getByRole('heading', { name: 'Jouw stappenplan' }).waitFor();
    await page.getByText('Er is nog geen arbeidsrechtjurist toegewezen.').waitFor();
    expect(await page.getByRole('link', { name: 'Vul je persoonlijke gegevens in' }).getAttribute('href')).toBe(
      '/mijn-verhaal',
    );
    expect(await block.getByRole('link', { name: 'Persoonlijke gegevens' }).isVisible()).toBe(true);
    expect(await block.getByRole('button', { name: /Gegevens werkgever/ }).isDisabled()).toBe(true);
    expect(await block.getByRole('button', { name: /Documenten/ }).isDisabled()).toBe(true);

    await call(baseUrl, token, 'PATCH', '/api/user', {
      name: 'Emma',
      last_name: 'de Boer',
      phone_number: '0612345678',
      street: 'Coolsingel',
      house_number: '40',
      postcode: '3011AD',
      city: 'Rotterdam',
    });
    await page.reload();
    await block.getByRole('link', { name: /Persoonlijke gegevens.*afgerond/ }).waitFor();
    expect(await block.getByRole('link', { name: 'Gegevens werkgever' }).getAttribute('href')).toBe(
      '/mijn-verhaal/werkgever-gegevens',
    );
    expect(await block.getByRole('button', { name: /Documenten/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Vul de gegevens van je werkgever in' }).isVisible()).toBe(true);

    const mine = CaseClientViewResponseSchema.parse(await call(baseUrl, token, 'GET', '/api/cases/mine')).data;
    await call(baseUrl, token, 'PATCH', `/api/cases/${mine.id}`, {
      company_name: 'Havenbedrijf Maasvlakte B.V.',
      company_street: 'Europaweg',
      company_house_number: '1',
      company_postcode: '3199LC',
      company_city: 'Rotterdam',
      contact_email: 'hr@havenbedrijf.example.com',
      contact_phone_number: '0101234567',
    });
    // Personal and employer data complete: the case moves on to almost-client by itself.
    const moved = CaseClientViewResponseSchema.parse(await call(baseUrl, token, 'GET', '/api/cases/mine')).data;
    expect(moved.status.slug).toBe('almost-client');

    for (const document of mine.documents.filter((d) => d.mandatory)) {
      const form = new FormData();
      form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), `${document.title}.pdf`);
      await call(baseUrl, token, 'POST', `/api/documents/${document.id}/upload`, form);
    }
    await page.reload();
    // At almost-client the next step is choosing a package.
    await block.getByRole('heading', { name: 'Kies je pakket' }).waitFor();

    await page.context().addCookies([
      { name: 'ad_storage', value: 'granted', url: baseUrl },
      { name: 'gclid', value: 'e2e-click', url: baseUrl },
    ]);
    await block.getByRole('link', { name: 'Bekijk de offerte' }).click();
    await page.getByRole('heading', { level: 1, name: 'Klaar voor jouw offerte?' }).waitFor();
    expect(await page.getByText('Meest gekozen').count()).toBe(1);
    const cookiePosts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cookies')) cookiePosts.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Kies Compleet onbezorgd' }).click();
    // The confirm dialog names the package, its price and its conditions ().
    const confirm = page.getByRole('dialog', { name: 'Pakket kiezen' });
    await confirm.getByText('Voorwaarden').waitFor();
    await confirm.getByRole('button', { name: 'Ja, kies Compleet onbezorgd' }).click();
    await page.getByText('Je hebt Compleet onbezorgd opgevraagd. Houd je mail goed in de gaten.').waitFor();
    expect(await page.getByTestId('offer-complete').getByText('Opgevraagd').isVisible()).toBe(true);
    expect(await page.getByTestId('offer-start').count()).toBe(0);
    await page.getByRole('button', { name: 'Overstappen naar Extreem onbezorgd' }).waitFor();
    expect(cookiePosts.map((body) => JSON.parse(body) as unknown)).toEqual(
      expect.arrayContaining([
        { name: 'gclid', value: 'e2e-click' },
        { name: 'ad_storage', value: 'true' },
      ]),
    );

    // A lawyer is assigned at once and the client is told by mail.
    await journey.product.smtp.waitForMail('client01@example.com', { since: 0, timeoutMs: 15_000 });
    await page.getByRole('link', { name: 'Overzicht' }).first().click();
    await page.getByRole('button', { name: 'Bekijk profiel' }).waitFor();
  });
});

describe('a client at the end of their case', () => {
  const journey = useJourney();

  it('gives feedback, then the review button opens the external review page in a new tab', async () => {
    const site = SiteResponseSchema.parse(await (await fetch(`${journey.product.baseUrl}/api/site`)).json()).data;
    const session = await getSession(journey.product, 'client10@example.com');
    const { page, context } = await journey.openPage();
    await signIn(page, session);
    await page.goto('/');
    await page.getByRole('button', { name: 'Deel je ervaring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deel je ervaring' });
    await dialog.getByRole('button', { name: 'Verstuur' }).click();
    await dialog.getByText('Feedback kan niet leeg zijn.').waitFor();
    await dialog
      .getByLabel('Jouw feedback')
      .fill('Sanne was altijd bereikbaar en heeft een prima regeling voor me geregeld. Dank je wel!');
    await dialog.getByRole('button', { name: 'Verstuur' }).click();
    const thanks = page.getByRole('dialog', { name: 'Bedankt voor je feedback!' });
    await thanks.getByRole('button', { name: 'Overslaan' }).click();
    await thanks.waitFor({ state: 'hidden' });

    const review = page.getByRole('link', { name: /Schrijf een review/ }).first();
    await review.waitFor();
    expect(await review.getAttribute('target')).toBe('_blank');
    expect(await review.getAttribute('href')).toBe(site.review_url);
    await context.route(`${site.review_url}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Review</title>' }),
    );
    const [popup] = await Promise.all([context.waitForEvent('page'), review.click()]);
    await popup.waitForURL(site.review_url);
    await popup.close();
    expect(await page.getByRole('button', { name: 'Deel je ervaring' }).count()).toBe(0);
  });

  it('shows the lawyer sheet on a phone and closes it with Escape', async () => {
    const session = await getSession(journey.product, 'client11@example.com');
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, session);
    await page.goto('/');
    await page.getByRole('button', { name: 'Bekijk profiel' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByText('Beschikbaarheid').waitFor();
    expect(await sheet.getByText('Maandag').isVisible()).toBe(true);
    expect(await sheet.getByText('Zondag').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it('asks for the dashboard in one request; uses what index.html fetched; first stream refetches none', async () => {
    const session = await getSession(journey.product, 'client12@example.com');
    const { page } = await journey.openPage();
    await signIn(page, session);
    await countApiGets(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Jouw stappenplan' }).waitFor();
    const counts = await apiGetsOnceStreamReady(page);
    const caseId = CaseClientViewResponseSchema.parse(
      await (
        await fetch(`${journey.product.baseUrl}/api/cases/mine`, {
          headers: { Authorization: `Bearer ${session.token}` },
        })
      ).json(),
    ).data.id;
    for (const path of [
      '/api/site',
      '/api/user',
      '/api/messages/unread',
      '/api/cases/mine/dashboard?lang=nl-NL',
      `/api/cases/${caseId}/settlement`,
    ]) {
      expect(counts[path], path).toBe(1);
    }
    // The case, stepper, timeline, first conversation and questions came in the dashboard's one answer.
    for (const path of [
      '/api/cases/mine',
      '/api/client-questions',
      `/api/cases/${caseId}/status-stepper?lang=nl-NL`,
      `/api/cases/${caseId}/timeline?page=1`,
      `/api/cases/${caseId}/appointment`,
    ]) {
      expect(counts[path], path).toBeUndefined();
    }
    expect(Object.entries(counts).filter(([, count]) => count > 1)).toEqual([]);
  });
});

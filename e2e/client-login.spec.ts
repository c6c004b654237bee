import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { loginThroughMail } from './support/login';

describe('a client logs in through the mailed code', () => {
  const journey = useSharedJourney();

  it('lands on the dashboard with the client menu', async () => {
    const { page } = await journey.openPage();
    await page.goto('/login');
    await expectTitle(page, 'Inloggen | Ontslagportaal');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl-NL');

    await loginThroughMail(page, journey.product, 'client02@example.com');

    await expectPath(page, '/');
    await expectTitle(page, 'Overzicht | Ontslagportaal');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Overzicht', 'Mijn verhaal', 'Documenten', 'Offerte', 'Rekentools']) {
      await nav.getByRole('link', { name }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Mijn dossiers' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Accountmenu/ }).count()).toBe(0);

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('state') ?? 'null') as unknown);
    expect(stored).toMatchObject({
      user: { email: 'client02@example.com', roles: ['client'] },
      auth: { token: expect.any(String) },
    });

    // The footer: Rotterdam address, contact details and the three PDFs.
    const footer = page.getByRole('contentinfo');
    await footer.getByText(/Rotterdam/).waitFor();
    for (const name of ['Algemene voorwaarden', 'Disclaimer', 'Privacyverklaring']) {
      await footer.getByRole('link', { name: new RegExp(name) }).waitFor();
    }
  });

  it('works at 360 px wide: no sideways scrolling, the mobile menu carries the links and a logout', async () => {
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await loginThroughMail(page, journey.product, 'client08@example.com');
    await expectPath(page, '/');
    await expectTitle(page, 'Overzicht | Ontslagportaal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Menu openen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Documenten' }).click();
    await expectPath(page, '/documenten');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Menu openen' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Menu sluiten' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Menu openen' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Uitloggen' }).click();
    await expectPath(page, '/login');
  });
});

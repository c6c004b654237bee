import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { loginThroughMail } from './support/login';

describe('a lawyer logs in', () => {
  const journey = useSharedJourney();

  it('lands on /dossiers with the lawyer menu and the account dropdown', async () => {
    const { page } = await journey.openPage();
    await page.goto('/login');
    await loginThroughMail(page, journey.product, 'sanne.jansen@example.com');

    await expectPath(page, '/dossiers');
    await expectTitle(page, 'Mijn dossiers | Ontslagportaal');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Mijn dossiers', 'Mijn feedback', 'Mijn account', 'Rekentools']) {
      await nav.getByRole('link', { name }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Overzicht' }).count()).toBe(0);

    // The account dropdown: photo (the default avatar for a new account) and full name, to /account.
    const trigger = page.getByRole('button', { name: 'Sanne Jansen (Accountmenu)' });
    expect(await trigger.locator('img').getAttribute('src')).toMatch(/default-avatar\.svg$|^\/files\//);
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Mijn account' }).click();
    await expectPath(page, '/account');
    await expectTitle(page, 'Mijn account | Ontslagportaal');

    // The dropdown works by keyboard too.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Mijn account' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // A lawyer opening the client's dashboard goes to the lawyer's home.
    await page.goto('/');
    await expectPath(page, '/dossiers');
  });

  it("shows the lawyer's name, subtitle and 'Mijn account' in the mobile menu", async () => {
    const { page } = await journey.openPage({ viewport: { width: 390, height: 800 } });
    await page.goto('/login');
    await loginThroughMail(page, journey.product, 'daan.visser@example.com');
    await expectPath(page, '/dossiers');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText('Daan Visser').waitFor();
    await menu.getByText('Ontslagsrecht arbeidsrechtjurist').waitFor();
    await menu.getByRole('link', { name: 'Mijn account' }).click();
    await expectPath(page, '/account');
  });
});

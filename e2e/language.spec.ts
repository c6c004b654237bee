import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { mintSession, signIn } from './support/login';

describe('switching the language', () => {
  const journey = useSharedJourney();

  it('switches the login page to English and back; the choice survives a reload', async () => {
    const { page } = await journey.openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl-NL');

    const english = page.waitForResponse((response) => new URL(response.url()).pathname === '/i18n/en-US.json');
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('en-US');
    expect((await english).status()).toBe(200);
    await page.getByRole('heading', { name: 'Log in to your portal' }).waitFor();
    await page.getByRole('button', { name: 'Get code' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await expectTitle(page, 'Log in | Ontslagportaal');

    await page.reload();
    await page.getByRole('heading', { name: 'Log in to your portal' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(
      await page.evaluate(
        () => (JSON.parse(window.localStorage.getItem('state') ?? '{}') as { settings?: unknown }).settings,
      ),
    ).toEqual({
      language: 'en-US',
    });

    await page.getByRole('combobox', { name: 'Language' }).selectOption('nl-NL');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl-NL');
    await expectTitle(page, 'Inloggen | Ontslagportaal');
  });

  it('switches the signed-in layout, and the language is kept after logout', async () => {
    const session = await mintSession(journey.product, 'client09@example.com');
    const { page } = await journey.openPage();
    await signIn(page, session);
    await page.goto('/mijn-verhaal');
    await page.getByRole('heading', { level: 1, name: 'Mijn verhaal' }).waitFor();

    await page.getByRole('combobox', { name: 'Taal' }).selectOption('en-US');
    await page.getByRole('heading', { level: 1, name: 'My story' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Documents' }).waitFor();
    await expectTitle(page, 'Your details | Ontslagportaal');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in to your portal' }).waitFor();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('nl-NL');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
  });
});

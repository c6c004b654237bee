import { describe, expect, it } from 'vitest';
import { expectPath } from './support/expect-page';
import { useSharedJourney } from './support/journey';

describe('an unknown path', () => {
  const journey = useSharedJourney();

  it("shows '404 – Pagina niet gevonden' with 'Terug naar home'", async () => {
    const { page } = await journey.openPage();
    const response = await page.goto('/dit/bestaat/niet?x=1');
    expect(response?.status()).toBe(200);
    await expectPath(page, '/not-found');
    await page.getByRole('heading', { level: 1, name: '404 – Pagina niet gevonden' }).waitFor();
    expect(await page.title()).toBe('Pagina niet gevonden | Ontslagportaal');

    await page.getByRole('link', { name: 'Terug naar home' }).click();
    // Home needs a session: a visitor is asked to log in.
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
  });
});

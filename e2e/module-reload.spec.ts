import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { mintSession, signIn } from './support/login';

// The browser's own lines for a chunk that cannot be fetched (as after a deploy).
const CHUNK_FAILURE = [
  /Failed to load resource/,
  /Failed to fetch dynamically imported module/,
  /error loading dynamically imported module/i,
];

// A chunk that cannot be fetched is refused through `page.route`, which does not see what the
// service worker answers from its cache: these pages run without it.
describe('a page module that fails to load', () => {
  const journey = useSharedJourney();

  it('reloads the page once, then shows the page', async () => {
    const session = await mintSession(journey.product, 'client12@example.com');
    const { page } = await journey.openPage({ allowConsole: CHUNK_FAILURE, serviceWorkers: 'block' });
    await signIn(page, session);
    let refused = 0;
    await page.route(/\/assets\/offer-page-[^/]+\.js$/, async (route) => {
      if (refused === 0) {
        refused += 1;
        return route.abort('failed');
      }
      return route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await page.goto('/');
    await expectTitle(page, 'Overzicht | Ontslagportaal');
    const before = loads;
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Offerte' }).click();
    await expectPath(page, '/offerte');
    await expectTitle(page, 'Offerte | Ontslagportaal');
    expect(refused).toBe(1);
    expect(loads - before).toBe(1);
  });

  it('does not loop: when it fails again after the reload the error page shows', async () => {
    const session = await mintSession(journey.product, 'client02@example.com');
    const { page } = await journey.openPage({ allowConsole: CHUNK_FAILURE, serviceWorkers: 'block' });
    await signIn(page, session);
    let refused = 0;
    await page.route(/\/assets\/documents-page-[^/]+\.js$/, (route) => {
      refused += 1;
      return route.abort('failed');
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Er is iets misgegaan' }).waitFor();
    await page.getByRole('button', { name: 'Pagina opnieuw laden' }).waitFor();
    // The first load and exactly one reload.
    expect(loads).toBe(2);
    expect(refused).toBeGreaterThanOrEqual(2);
    // The signed-in layout stays around the error page.
    await page.getByRole('button', { name: 'Uitloggen' }).waitFor();
  });
});

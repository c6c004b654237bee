import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { loginThroughMail } from './support/login';

describe('a deep link survives login', () => {
  const journey = useSharedJourney();

  it('goes to /login carrying the page, and after the mailed code to that page', async () => {
    const { page } = await journey.openPage();
    await page.goto('/mijn-verhaal/werkgever-gegevens');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();

    await loginThroughMail(page, journey.product, 'client03@example.com');

    await expectPath(page, '/mijn-verhaal/werkgever-gegevens');
    await expectTitle(page, 'Gegevens werkgever | Ontslagportaal');
    const tabs = page.getByRole('navigation', { name: 'Onderdelen van mijn verhaal' });
    expect(await tabs.getByRole('link', { name: 'Over jouw werkgever' }).getAttribute('aria-current')).toBe('page');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_MINT_HEADER, SESSION_MINT_PATH } from '../src/server/infra/testing/session-mint';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { loginThroughMail, mintSession, signIn } from './support/login';

/**
 * The inner loop's one journey (`npm run test:quick`): a client signs in through the mailed code
 * and a lawyer opens the case list, in the real browser against the built product; and the
 * session mint the other journeys use exists only in the test build.
 */
describe('smoke: the product answers in a real browser', () => {
  const journey = useSharedJourney();
  const root = path.resolve(import.meta.dirname, '..');

  it('a client signs in through the mailed code and lands on the dashboard', async () => {
    const { page } = await journey.openPage();
    await page.goto('/login');
    await expectTitle(page, 'Inloggen | Ontslagportaal');
    await loginThroughMail(page, journey.product, 'client06@example.com');
    await expectPath(page, '/');
    await expectTitle(page, 'Overzicht | Ontslagportaal');
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Mijn verhaal' }).waitFor();
  });

  it('a lawyer with a minted session sees the case list', async () => {
    const { page } = await journey.openPage();
    await signIn(page, await mintSession(journey.product, 'sanne.jansen@example.com'));
    await page.goto('/dossiers');
    await page.getByRole('heading', { level: 1, name: 'Mijn dossiers' }).waitFor();
    await expectTitle(page, 'Mijn dossiers | Ontslagportaal');
  });

  it('mints sessions only in the test build, and only with its secret', async () => {
    const production = readFileSync(path.join(root, 'dist/server/main.js'), 'utf8');
    expect(production).not.toContain(SESSION_MINT_PATH);
    expect(production).not.toContain('E2E_SESSION_MINT_SECRET');
    const testBuild = path.join(root, '.e2e-build/server/main.js');
    expect(existsSync(testBuild)).toBe(true);
    expect(readFileSync(testBuild, 'utf8')).toContain(SESSION_MINT_PATH);

    const mint = (headers: Record<string, string>) =>
      fetch(`${journey.product.baseUrl}${SESSION_MINT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'client06@example.com' }),
      });
    expect((await mint({})).status).toBe(404);
    expect((await mint({ [SESSION_MINT_HEADER]: 'x'.repeat(64) })).status).toBe(404);
    expect((await mint({ [SESSION_MINT_HEADER]: journey.product.mintSecret ?? '' })).status).toBe(200);
  });
});

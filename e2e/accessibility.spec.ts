import { describe, expect, it } from 'vitest';
import { checkUnsubscribePage, findAccessibilityViolations, UNSUBSCRIBE_NL } from './support/axe';
import { useJourney } from './support/journey';
import { getSession, requestCodeViaUi, sessionCache, signIn } from './support/login';
import { screensWithViolations } from './support/screens';

// axe in Dutch. The staff second step and the English pass are in accessibility-staff.spec.ts and
// accessibility-english.spec.ts, so the three run side by side.
describe('accessibility (axe-core)', () => {
  const journey = useJourney();
  const session = sessionCache();

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`has no violations on /login and /login/code at ${viewport.width} px`, async () => {
      const { page } = await journey.openPage({ viewport });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
      await page.getByRole('link', { name: /Neem contact met ons op/ }).waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      await page.goto('/login?event=typeform_submitted');
      await page.getByRole('heading', { name: 'Je portaal staat al klaar' }).waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      // Validation errors shown.
      await page.getByLabel('E-mailadres').fill('geen-adres');
      await page.getByRole('button', { name: 'Ik wil in mijn portaal' }).click();
      await page.getByText('Vul een geldig e-mailadres in.').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      await page.goto('/login');
      await requestCodeViaUi(page, viewport.width > 400 ? 'client07@example.com' : 'client10@example.com');
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Vul de code van 6 tekens in.').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      // The refused link answers 422, which the browser logs.
      await checkUnsubscribePage((await journey.openPage({ viewport, allowConsole: [/status of 422/] })).page, UNSUBSCRIBE_NL);
    });
  }

  it('has no violations on the 404 page and the signed-in layouts', async () => {
    const { page } = await journey.openPage();
    await page.goto('/not-found');
    await page.getByRole('heading', { name: '404 – Pagina niet gevonden' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    await signIn(page, await getSession(journey.product, 'client11@example.com'));
    await page.goto('/mijn-verhaal');
    await page.getByRole('contentinfo').getByText(/Rotterdam/).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const lawyer = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(lawyer.page, await getSession(journey.product, 'daan.visser@example.com'));
    await lawyer.page.goto('/dossiers');
    await lawyer.page.getByRole('contentinfo').getByText(/Rotterdam/).waitFor();
    expect(await findAccessibilityViolations(lawyer.page)).toEqual([]);
    await lawyer.page.getByRole('button', { name: 'Menu openen' }).click();
    await lawyer.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await findAccessibilityViolations(lawyer.page)).toEqual([]);
  });

  // Issue 13 item 8: every screen of every role, narrow and wide (the same list as the language walk).
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    it(`has no violations on any screen of the client, the lawyer and the admin at ${viewport.width} px`, async () => {
      expect(await screensWithViolations(journey, session, viewport)).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { getSession, requestCodeViaUi, signIn } from './support/login';

describe('accessibility (axe-core)', () => {
  const journey = useJourney();

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
      await page.getByText('Invalid email').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      await page.goto('/login');
      await requestCodeViaUi(page, viewport.width > 400 ? 'client07@example.com' : 'client10@example.com');
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Invalid code').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);
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
});

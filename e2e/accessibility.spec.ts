import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkUnsubscribePage, findAccessibilityViolations, UNSUBSCRIBE_NL } from './support/axe';
import { useSharedJourney } from './support/journey';
import {
  getSession,
  readMailedCode,
  rememberStaffFactor,
  requestCodeViaUi,
  sessionCache,
  signIn,
  totpNow,
} from './support/login';
import { DUTCH_APP, unique, wrongLanguageTexts, type Finding } from './support/language';
import { screensWithViolations } from './support/screens';

// axe in Dutch, and the staff second step in both languages. The English pass and the Dutch
// walk at 360 px are in accessibility-english.spec.ts and accessibility-narrow.spec.ts, so the
// three run side by side. The staff code-entry step needs a second mailed code for accounts
// that got one moments before: the shared product mails a code at most once a second per
// address (LOGIN_CODE_COOLDOWN_SECONDS), so at most a second is waited out.
describe('accessibility (axe-core)', () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  // The staff second step: enrolment with the QR code, then the recovery codes.
  it('has no violations on the staff second step: enrolment and recovery codes, at 1280 px', async () => {
    await createStaff(STAFF.enrol);
    await createStaff(STAFF.verifyNl);
    await createStaff(STAFF.verifyEn);
    // Enrolled through the API now, so that their code-entry step can be checked at the end of the file (a code is
    // mailed at most once a minute per address).
    await getSession(journey.product, STAFF.verifyNl);
    await getSession(journey.product, STAFF.verifyEn);
    codesMailedAt = Date.now();
    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await toSecondStep(page, STAFF.enrol);
    await page.getByRole('heading', { name: 'Stel tweestapsverificatie in' }).waitFor();
    await page.getByRole('img', { name: 'QR-code om je account aan je authenticator-app toe te voegen' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const secret = (await page.getByLabel('Sleutel om handmatig in te voeren').inputValue()).replace(/\s+/g, '');
    await page.getByRole('textbox', { name: 'Teken 1 van 6' }).click();
    await page.keyboard.type(totpNow(secret));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    const list = page.getByRole('list', { name: 'Herstelcodes' });
    await list.waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    rememberStaffFactor(
      journey.product,
      STAFF.enrol,
      secret,
      (await list.getByRole('listitem').allTextContents()).map((text) => text.trim()),
    );
    await page.getByRole('button', { name: 'Ik heb mijn herstelcodes bewaard' }).click();
    await page.waitForURL((url) => url.pathname !== '/login/tweestapsverificatie');
  });

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
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await page.getByText('Vul de code van 6 tekens in.').waitFor();
      expect(await findAccessibilityViolations(page)).toEqual([]);

      // The refused link answers 422, which the browser logs.
      await checkUnsubscribePage(
        (await journey.openPage({ viewport, allowConsole: [/status of 422/] })).page,
        UNSUBSCRIBE_NL,
      );
    });
  }

  it('has no violations on the 404 page and the signed-in layouts', async () => {
    const { page } = await journey.openPage();
    await page.goto('/not-found');
    await page.getByRole('heading', { name: '404 – Pagina niet gevonden' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    await signIn(page, await session(journey.product, 'client11@example.com'));
    await page.goto('/mijn-verhaal');
    await page
      .getByRole('contentinfo')
      .getByText(/Rotterdam/)
      .waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const lawyer = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await signIn(lawyer.page, await session(journey.product, 'daan.visser@example.com'));
    await lawyer.page.goto('/dossiers');
    await lawyer.page
      .getByRole('contentinfo')
      .getByText(/Rotterdam/)
      .waitFor();
    expect(await findAccessibilityViolations(lawyer.page)).toEqual([]);
    await lawyer.page.getByRole('button', { name: 'Menu openen' }).click();
    await lawyer.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await findAccessibilityViolations(lawyer.page)).toEqual([]);
  });

  // Every screen of every role, wide here (the same list as the language walk), a test per role
  // so that each stays well inside its time limit; the narrow walk is in
  // accessibility-narrow.spec.ts, so the two run side by side. At 1280 px each screen is also
  // checked for English words (support/language.ts) on the same page load: the Dutch half of the
  // language walk, without a walk of its own.
  for (const role of ['client', 'lawyer', 'admin'] as const) {
    it(`has no violations and no English outside the allow-list on any screen of the ${role} at 1280 px`, async () => {
      const english: Finding[] = [];
      const violations = await screensWithViolations(
        journey,
        session,
        { width: 1280, height: 900 },
        {
          roles: [role],
          also: async (page, path) => {
            english.push(...(await wrongLanguageTexts(page, path, DUTCH_APP)));
          },
        },
      );
      expect(violations).toEqual([]);
      expect(unique(english)).toEqual([]);
    });
  }

  it('has no violations on the staff code step and its recovery-code form (Dutch 1280px, English 360px)', async () => {
    // The shared product mails a code at most once a second per address: wait out what is left of
    // that second since the enrolment above mailed these addresses a code (else 429).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, codesMailedAt + 1_000 - Date.now())));
    for (const [email, viewport, language] of [
      [STAFF.verifyNl, { width: 1280, height: 900 }, 'nl-NL'],
      [STAFF.verifyEn, { width: 360, height: 740 }, 'en-US'],
    ] as const) {
      const { page } = await journey.openPage({ viewport });
      const english = language === 'en-US';
      await page.goto('/not-found');
      await page.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), {
        language,
      });
      await page.goto('/login');
      await toSecondStep(page, email, english);
      await page
        .getByRole('heading', { name: english ? 'Enter the code from your app' : 'Vul de code uit je app in' })
        .waitFor();
      expect(await findAccessibilityViolations(page), `${language} code entry`).toEqual([]);
      await page.getByRole('button', { name: english ? 'Use a recovery code' : 'Gebruik een herstelcode' }).click();
      await page.getByLabel(english ? 'Recovery code' : 'Herstelcode').waitFor();
      expect(await findAccessibilityViolations(page), `${language} recovery code`).toEqual([]);
      await page
        .getByRole('button', { name: english ? 'Use the code from your app' : 'Gebruik de code uit je app' })
        .waitFor();
    }
  });

  /** Staff accounts made for this file by the admin, so the demo lawyers' sessions stay untouched. */
  let codesMailedAt = 0;
  const STAFF = {
    enrol: 'axe.inschrijven@example.com',
    verifyNl: 'axe.code@example.com',
    verifyEn: 'axe.code.en@example.com',
  };

  async function createStaff(email: string): Promise<void> {
    const admin = await session(journey.product, 'beheer@example.com');
    const response = await fetch(`${journey.product.baseUrl}/api/admin/lawyers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: 'Axe', last_name: 'Toets', email }),
    });
    expect(response.status).toBe(201);
  }

  /** E-mail and mailed code through the UI, up to the staff second step. */
  async function toSecondStep(page: Page, email: string, english = false): Promise<void> {
    const since = journey.product.smtp.messages.length;
    await requestCodeViaUi(
      page,
      email,
      english ? 'Get code' : 'Ontvang code',
      english ? 'Email address' : 'E-mailadres',
      english ? 'Enter your code' : 'Vul je code in',
    );
    const code = await readMailedCode(journey.product, email, since);
    await page.getByRole('textbox', { name: english ? 'Character 1 of 6' : 'Teken 1 van 6' }).click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: english ? 'Log In' : 'Inloggen' }).click();
    await page.waitForURL((url) => url.pathname === '/login/tweestapsverificatie');
  }
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSharedJourney } from './support/journey';
import {
  DUTCH_APP,
  ENGLISH_APP,
  unique,
  wrongLanguageTexts,
  type Finding,
  type LanguageCheck,
} from './support/language';
import { sessionCache } from './support/login';
import { openScreen, walkScreens } from './support/screens';

/**
 * Every screen in a real browser, in both languages (the word lists and their
 * allow-lists are in support/language.ts). The signed-in screens of the Dutch app are checked by
 * the 1280 px axe walk of accessibility.spec.ts on the same page loads (one walk fewer); here are
 * the signed-out pages in both languages and every screen of the English app.
 */
describe('the whole portal in one language', () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  /** /login and the 404 page, signed out, with `language` stored as the app keeps it. */
  async function signedOut(language: 'nl-NL' | 'en-US', check: LanguageCheck): Promise<Finding[]> {
    const { page } = await journey.openPage();
    await page.goto('/not-found');
    await page.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), { language });
    const findings: Finding[] = [];
    for (const path of ['/login', '/not-found']) findings.push(...(await visit(page, path, check)));
    return findings;
  }

  async function visit(page: Page, path: string, check: LanguageCheck): Promise<Finding[]> {
    await openScreen(page, path, check.loading);
    return wrongLanguageTexts(page, path, check);
  }

  it('the Dutch app shows no English outside the allow-list on the signed-out pages', async () => {
    expect(unique(await signedOut('nl-NL', DUTCH_APP))).toEqual([]);
  });

  it('the English app shows no Dutch outside names, addresses and the firm’s own content', async () => {
    const findings = await signedOut('en-US', ENGLISH_APP);
    await walkScreens(
      journey,
      session,
      { width: 1280, height: 900 },
      { settings: { language: 'en-US' }, loading: ENGLISH_APP.loading },
      async (page, _role, path) => {
        findings.push(...(await wrongLanguageTexts(page, path, ENGLISH_APP)));
      },
    );
    expect(unique(findings)).toEqual([]);
  });

  it('preloads the stored language’s translations with the page, in both languages (no round trip later)', async () => {
    for (const language of ['nl-NL', 'en-US'] as const) {
      const { page } = await journey.openPage();
      await page.goto('/not-found');
      await page.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), {
        language,
      });
      await page.goto('/login');
      await page
        .getByRole('heading', { name: language === 'nl-NL' ? 'Log in op je portaal' : 'Log in to your portal' })
        .waitFor();
      const initiators = await page.evaluate(
        (file) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith(file))
            .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        `/i18n/${language}.json`,
      );
      // Fetched once, by the <link rel="preload"> in the HTML; the app's own fetch reuses it.
      expect(initiators, language).toEqual(['link']);
    }
  });
});

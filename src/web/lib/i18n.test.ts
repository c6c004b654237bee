import { describe, expect, it } from 'vitest';
import en from '../../../public/i18n/en-US.json';
import nl from '../../../public/i18n/nl-NL.json';
import { i18n } from './i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** The web app's sources (not its tests), as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translations', () => {
  it('en-US has exactly the keys of nl-NL, none empty', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(nl).sort());
    for (const key of keysOf(en)) expect(i18n.t(key, { lng: 'en-US' }), key).not.toBe('');
  });

  it('every literal key used in the source exists in nl-NL', () => {
    const known = new Set(keysOf(nl));
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) if (match[1]) used.add(match[1]);
      for (const match of text.matchAll(/(?:labelKey|titleKey): '([a-zA-Z0-9_.-]+)'/g))
        if (match[1]) used.add(match[1]);
      for (const match of text.matchAll(/title\('([a-zA-Z0-9_.-]+)'\)/g)) if (match[1]) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    // A plural key is known through its i18next forms (key_one, key_other).
    const exists = (key: string) => known.has(key) || (known.has(`${key}_one`) && known.has(`${key}_other`));
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });

  it('keeps the Dutch texts of the specification', () => {
    const texts = JSON.stringify(nl);
    for (const text of [
      'Log in op je portaal',
      'Ontvang code',
      'Je portaal staat al klaar',
      'Ik wil in mijn portaal',
      'Terug',
      'Geen e-mailadres gevonden',
      'Antwoord is verplicht',
      'Alle velden moeten ingevuld zijn.',
      'Feedback kan niet leeg zijn.',
      '404 – Pagina niet gevonden',
      'Terug naar home',
      'Ontslagsrecht arbeidsrechtjurist',
      "Pagina's",
      'Overig',
      'Algemene voorwaarden',
      'Terug naar dossieroverzicht',
      'Er is iets fout gegaan. Probeer het later opnieuw.',
    ]) {
      expect(texts).toContain(JSON.stringify(text).slice(1, -1));
    }
  });

  it('shows no English words on Dutch screens, where the Dutch translation once was English', () => {
    // Each with its Dutch replacement; the specification's English fallbacks ('Log In', 'An unexpected error
    // occurred', 'Unexpected Application Error!', 'Failed to submit feedback', 'Preview Unavailable') are Dutch too.
    const english: { pattern: RegExp; dutch: string }[] = [
      { pattern: /\bDashboard\b/i, dutch: "'Overzicht'" },
      { pattern: /^Download(?::|$)/, dutch: "'Downloaden'" },
      { pattern: /\bOutbox\b/i, dutch: "'Uitgaande mail'" },
      { pattern: /^Tools$/, dutch: "'Rekentools'" },
      { pattern: /^Review$/, dutch: "'Deel je ervaring'" },
      { pattern: /\bLog In\b/, dutch: "'Inloggen'" },
      { pattern: /\bPreview\b|\bUnavailable\b|\bnot uploaded\b/i, dutch: "'Geen voorbeeld beschikbaar'" },
      { pattern: /\bFailed to\b|\bunexpected error\b|\bApplication Error\b/i, dutch: 'a Dutch error text' },
      { pattern: /\bPrivacy statement\b/i, dutch: "'Privacyverklaring'" },
    ];
    const found = keysOf(nl).flatMap((key) => {
      const text = i18n.t(key, { lng: 'nl-NL' });
      return english.filter(({ pattern }) => pattern.test(text)).map(({ dutch }) => `${key}: '${text}' (${dutch})`);
    });
    expect(found).toEqual([]);
  });

  it("marks a term that stays English ('No cure no pay') with its language, for screen readers", () => {
    expect(i18n.t('offer.packages.complete.price', { lng: 'nl-NL' })).toBe('No cure no pay');
    expect(i18n.t('offer.packages.complete.priceLang', { lng: 'nl-NL' })).toBe('en');
  });

  it('falls back to Dutch and keeps <html lang> in step with the language', async () => {
    expect(document.documentElement.lang).toBe('nl-NL');
    await i18n.changeLanguage('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('auth.login.heading')).toBe('Log in to your portal');
    expect(i18n.t('does.not.exist.anywhere', { defaultValue: 'x' })).toBe('x');
    await i18n.changeLanguage('nl-NL');
    expect(document.documentElement.lang).toBe('nl-NL');
    expect(i18n.t('auth.login.heading')).toBe('Log in op je portaal');
  });

  it("counts with i18next's plural forms: '1 dossier', '2 dossiers' in both languages", () => {
    const at = (lng: string, key: string, values: Record<string, unknown>) => i18n.t(key, { lng, ...values });
    expect(at('nl-NL', 'cases.pagination.summary', { current: 1, last: 1, count: 1 })).toBe(
      'Pagina 1 van 1 (1 dossier)',
    );
    expect(at('nl-NL', 'cases.pagination.summary', { current: 1, last: 1, count: 2 })).toBe(
      'Pagina 1 van 1 (2 dossiers)',
    );
    expect(at('en-US', 'cases.pagination.summary', { current: 1, last: 1, count: 1 })).toBe('Page 1 of 1 (1 case)');
    expect(at('en-US', 'cases.pagination.summary', { current: 1, last: 1, count: 2 })).toBe('Page 1 of 1 (2 cases)');
    expect(at('nl-NL', 'caseDetail.documents.missing', { count: 1 })).toBe('1 ontbrekend document');
    expect(at('nl-NL', 'caseDetail.documents.missing', { count: 3 })).toBe('3 ontbrekende documenten');
    expect(at('en-US', 'caseDetail.documents.unchecked', { count: 1 })).toBe('1 document to check');
    expect(at('nl-NL', 'cases.pending.count', { count: 1 })).toBe('1 nieuw document');
    expect(at('en-US', 'cases.pending.count', { count: 2 })).toBe('2 new documents');
    // No count shown as a number next to a '(s)' or '(en)' guess.
    expect(JSON.stringify(nl)).not.toMatch(/\{\{count\}\}[^"]*\((?:en|s)\)/);
    expect(JSON.stringify(en)).not.toMatch(/\{\{count\}\}[^"]*\((?:en|s)\)/);
  });

  it("names packages, the default lawyer title and quote in the reader's language", () => {
    expect(i18n.t('offer.packages.start.name', { lng: 'nl-NL' })).toBe('Start onbezorgd');
    expect(i18n.t('offer.packages.complete.name', { lng: 'en-US' })).toBe('Complete Worry-Free');
    expect(i18n.t('dashboard.lawyer.defaultTitle', { lng: 'nl-NL' })).toBe('Arbeidsrechtjurist');
    expect(i18n.t('dashboard.lawyer.defaultTitle', { lng: 'en-US' })).toBe('Employment lawyer');
    expect(JSON.stringify(en)).not.toMatch(/onbezorgd/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';
import { allScreens, openScreen } from './support/screens';

/**
 * Issue 13 item 2: every screen of the client, the lawyer and the admin, in a real browser,
 * once in Dutch and once in English. The Dutch walk finds no English words outside SPEC's own
 * quoted fallbacks; the English walk finds no Dutch words outside names, addresses and the
 * firm's own content. Both lists below are short on purpose, each entry with its reason.
 */

/** Words that are English and never Dutch. */
const ENGLISH = /\b(the|and|your|you|with|from|this|that|are|please|loading|save|cancel|delete|required|invalid|error|documents|case|cases|lawyer|messages?|settings|sign|back|next|previous|page|search|step|employer|story|details|choose|package|welcome|unread|done|what|when|how|who|my|our|more|view|show|close|language|help|phone|address|company|today|tasks|none|yes|uploaded|new|send|sent|signed|name|first|last|title|file|files|skip|content|quote|log out)\b/i;
/** Words that are Dutch and never English. */
const DUTCH = /\b(de|het|een|je|jouw|jij|van|naar|met|voor|niet|ons|onze|bij|uit|zijn|wordt|worden|nog|geen|alle|mijn|dossiers?|jurist|juristen|werkgever|verhaal|gegevens|berichten?|opslaan|annuleren|verwijderen|laden|bezig|inloggen|uitloggen|terug|volgende|vorige|pagina|zoeken|klaar|stap|offerte|pakket|gekozen|bekijken|goedkeuren|afkeuren|taal|instellingen|welkom|ongelezen)\b/i;

/** English in the Dutch app that SPEC quotes as the product's own text, or that is no language at all. */
const DUTCH_APP_ALLOWED: { pattern: RegExp; reason: string }[] = [
  { pattern: /^Log In$/, reason: "SPEC's button text on the code step" },
  { pattern: /^case\.reassigned$/, reason: "an audit action code (the admin's filter example): a technical identifier, the same in every language" },
  { pattern: /^\d{2}-\d{2}-\d{4}, [\d:]+\t.*\t[a-z]+\.[a-z_.]+\t/, reason: "an audit row: its action code (audit.read) and JSON details are technical records, the same in every language" },
];

/**
 * Dutch in the English app that is data, not interface: cut out of a text before it is checked,
 * so 'Download E-mail van leidinggevende' still has its 'Download' checked.
 */
const ENGLISH_APP_DATA: { pattern: RegExp; reason: string }[] = [
  { pattern: /\p{Lu}\p{L}+ (?:van den|van der|van|de|den) \p{Lu}\p{L}+/gu, reason: "people's names with a Dutch infix (Julia de Vries, Finn van den Berg)" },
  { pattern: /Hotel De Maas|Retail Groep Zuid B\.V\.|Bouwbedrijf Van den Berg|Bakkerij Van Dijk/g, reason: 'company names in the demo data' },
  { pattern: /E-mail van leidinggevende|Interne notitie jurist|Arbeidsovereenkomst|Laatste drie loonstroken|Vaststellingsovereenkomst of ontslagbrief|Correspondentie met je werkgever/g, reason: "document titles: the firm's document slots and the titles people gave their uploads" },
  { pattern: /De scan is onleesbaar\..*$/g, reason: "a lawyer's own rejection reason (demo data)" },
  { pattern: /Samen zorgen we voor een goede regeling\./g, reason: "a lawyer's own quote (demo data)" },
  { pattern: /^(?:Mijn werkgever wil mij ontslaan|Heb je al iets getekend\?|Na een reorganisatie.*|Drie weken geleden.*|Ik wil een goede regeling.*)$/g, reason: "the client's own intake and story answers (demo data)" },
  { pattern: /^(?:Wat |Wanneer |Hoe |Is er |Ben je |Waarom |Waar |Welke ).*$/g, reason: "the firm's own questions, stored in the database in Dutch" },
  { pattern: /(?:Wat is een vaststellingsovereenkomst\?|Behoud ik mijn WW-uitkering\?|Hoe werkt de transitievergoeding\?|Na je ontslag: de eerste stappen|(?:Met de juiste afspraken|Je werkgever wil afscheid|Bij ontslag heb je|Je zaak is afgerond).*$)/g, reason: "the firm's own knowledge-base articles (titles and summaries from the database)" },
  { pattern: /^(?:Sanne heeft mij|Heel fijn dat).*$/g, reason: "clients' own feedback (demo data)" },
  { pattern: /Ontslagportaal/g, reason: 'the product name' },
];

type Finding = { path: string; text: string };

/** Each wrong text once, with the first screen it was seen on. */
const unique = (findings: Finding[]) => [...new Map(findings.map((f) => [f.text, `${f.path}: ${f.text}`])).values()];

/** The visible texts of the page: text lines, and labels a screen reader reads out. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    for (const element of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title.replace(/ \| Ontslagportaal$/, ''));
    return texts.map((t) => t.trim()).filter(Boolean);
  });
}

/** Opens `path`, waits until it has loaded, and returns the texts in the wrong language. */
async function visit(page: Page, path: string, wrong: RegExp, allowed: { pattern: RegExp }[], data: { pattern: RegExp }[], loading: RegExp): Promise<Finding[]> {
  await openScreen(page, path, loading);
  return (await visibleTexts(page))
    .filter((text) => wrong.test(data.reduce((rest, d) => rest.replace(d.pattern, ' '), text)) && !allowed.some((a) => a.pattern.test(text)))
    .map((text) => ({ path, text }));
}

describe('the whole portal in one language', () => {
  const journey = useJourney();
  const session = sessionCache();

  async function walk(language: 'nl-NL' | 'en-US', wrong: RegExp, allowed: { pattern: RegExp }[], data: { pattern: RegExp }[], loading: RegExp): Promise<Finding[]> {
    const all = await allScreens(journey, session);
    const findings: Finding[] = [];
    const signedOut = (await journey.openPage()).page;
    await signedOut.goto('/not-found');
    await signedOut.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), { language });
    for (const path of ['/login', '/not-found']) findings.push(...(await visit(signedOut, path, wrong, allowed, data, loading)));
    for (const [who, paths] of [
      [all.client, all.clientPaths],
      [all.lawyer, all.lawyerPaths],
      [all.admin, all.adminPaths],
    ] as const) {
      const { page } = await journey.openPage();
      await signIn(page, who, { language });
      for (const path of paths) findings.push(...(await visit(page, path, wrong, allowed, data, loading)));
    }
    return findings;
  }

  it('the Dutch app shows no English outside the allow-list', async () => {
    expect(unique(await walk('nl-NL', ENGLISH, DUTCH_APP_ALLOWED, [], /laden/))).toEqual([]);
  });

  it('the English app shows no Dutch outside names, addresses and the firm’s own content', async () => {
    expect(unique(await walk('en-US', DUTCH, [], ENGLISH_APP_DATA, /loading/))).toEqual([]);
  });

  it('preloads the stored language’s translations with the page, in both languages (no round trip after the script)', async () => {
    for (const language of ['nl-NL', 'en-US'] as const) {
      const { page } = await journey.openPage();
      await page.goto('/not-found');
      await page.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), { language });
      await page.goto('/login');
      await page.getByRole('heading', { name: language === 'nl-NL' ? 'Log in op je portaal' : 'Log in to your portal' }).waitFor();
      const initiators = await page.evaluate(
        (file) => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(file)).map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        `/i18n/${language}.json`,
      );
      // Fetched once, by the <link rel="preload"> in the HTML; the app's own fetch reuses it.
      expect(initiators, language).toEqual(['link']);
    }
  });
});

import type { Page } from 'playwright-core';

/**
 * the words each language walk looks for. The Dutch app shows no English words
 * outside the product's own quoted fallbacks; the English app shows no Dutch words outside names,
 * addresses and the firm's own content. Both lists below are short on purpose, each entry with
 * its reason. Used by e2e/language-walk.spec.ts (signed out, and the English app) and by the
 * Dutch 1280 px walk of e2e/accessibility.spec.ts, which checks each screen for axe and for
 * language on the same page load.
 */

/** Words that are English and never Dutch. */
const ENGLISH = new RegExp(
  '\\b(the|and|your|you|with|from|this|that|are|please|loading|save|cancel|delete|required|' +
    'invalid|error|documents|case|cases|lawyer|messages?|settings|sign|back|next|previous|page|' +
    'search|step|employer|story|details|choose|package|welcome|unread|done|what|when|how|who|' +
    'my|our|more|view|show|close|language|help|phone|address|company|today|tasks|none|yes|' +
    'uploaded|new|send|sent|signed|name|first|last|title|file|files|skip|content|quote|' +
    'log out)\\b',
  'i',
);
/** Words that are Dutch and never English. */
const DUTCH = new RegExp(
  '\\b(de|het|een|je|jouw|jij|van|naar|met|voor|niet|ons|onze|bij|uit|zijn|wordt|worden|nog|' +
    'geen|alle|mijn|dossiers?|jurist|juristen|werkgever|verhaal|gegevens|berichten?|opslaan|' +
    'annuleren|verwijderen|laden|bezig|inloggen|uitloggen|terug|volgende|vorige|pagina|zoeken|' +
    'klaar|stap|offerte|pakket|gekozen|bekijken|goedkeuren|afkeuren|taal|instellingen|welkom|' +
    'ongelezen)\\b',
  'i',
);

/** English in the Dutch app that is the product's own quoted text, or that is no language at all. */
const DUTCH_APP_ALLOWED: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^case\.reassigned$/,
    reason: "an audit action code (the admin's filter example): a technical identifier, the same in every language",
  },
];

/** English in the Dutch app that is data, not interface: cut out of a text before it is checked. */
const DUTCH_APP_DATA: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\t\{.*\}$/g,
    reason: "an audit row's details: a JSON record of non-personal keys, technical, the same in every language",
  },
];

/**
 * Dutch in the English app that is data, not interface: cut out of a text before it is checked,
 * so 'Download E-mail van leidinggevende' still has its 'Download' checked.
 */
const ENGLISH_APP_DATA: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\p{Lu}\p{L}+ (?:van den|van der|van|de|den) \p{Lu}\p{L}+/gu,
    reason: "people's names with a Dutch infix (Julia de Vries, Finn van den Berg)",
  },
  {
    pattern: /Hotel De Maas|Retail Groep Zuid B\.V\.|Bouwbedrijf Van den Berg|Bakkerij Van Dijk/g,
    reason: 'company names in the demo data',
  },
  {
    pattern: new RegExp(
      'E-mail van leidinggevende|Interne notitie jurist|Arbeidsovereenkomst|' +
        'Laatste drie loonstroken|Vaststellingsovereenkomst of ontslagbrief|' +
        'Correspondentie met je werkgever',
      'g',
    ),
    reason: "document titles: the firm's document slots and the titles people gave their uploads",
  },
  { pattern: /De scan is onleesbaar\..*$/g, reason: "a lawyer's own rejection reason (demo data)" },
  { pattern: /Samen zorgen we voor een goede regeling\./g, reason: "a lawyer's own quote (demo data)" },
  {
    pattern: new RegExp(
      '^(?:Mijn werkgever wil mij ontslaan|Heb je al iets getekend\\?|Na een reorganisatie.*|' +
        'Drie weken geleden.*|Ik wil een goede regeling.*)$',
      'g',
    ),
    reason: "the client's own intake and story answers (demo data)",
  },
  {
    pattern: /^(?:Wat |Wanneer |Hoe |Is er |Ben je |Waarom |Waar |Welke ).*$/g,
    reason: "the firm's own questions, stored in the database in Dutch",
  },
  {
    pattern: new RegExp(
      '(?:Wat is een vaststellingsovereenkomst\\?|Behoud ik mijn WW-uitkering\\?|' +
        'Hoe werkt de transitievergoeding\\?|Na je ontslag: de eerste stappen|' +
        '(?:Met de juiste afspraken|Je werkgever wil afscheid|Bij ontslag heb je|' +
        'Je zaak is afgerond).*$)',
      'g',
    ),
    reason: "the firm's own knowledge-base articles (titles and summaries from the database)",
  },
  { pattern: /^(?:Sanne heeft mij|Heel fijn dat).*$/g, reason: "clients' own feedback (demo data)" },
  { pattern: /Ontslagportaal/g, reason: 'the product name' },
];

export type Finding = { path: string; text: string };

/** Each wrong text once, with the first screen it was seen on. */
export const unique = (findings: Finding[]) => [
  ...new Map(findings.map((f) => [f.text, `${f.path}: ${f.text}`])).values(),
];

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

/** The texts in the wrong language on the screen open in `page` (already loaded), each with `path`. */
export async function wrongLanguageTexts(page: Page, path: string, check: LanguageCheck): Promise<Finding[]> {
  return (await visibleTexts(page))
    .filter(
      (text) =>
        check.wrong.test(check.data.reduce((rest, d) => rest.replace(d.pattern, ' '), text)) &&
        !check.allowed.some((a) => a.pattern.test(text)),
    )
    .map((text) => ({ path, text }));
}

/** What a walk in one language looks for: words of the other language, minus what is allowed or data. */
export type LanguageCheck = {
  wrong: RegExp;
  allowed: { pattern: RegExp }[];
  data: { pattern: RegExp }[];
  loading: RegExp;
};

/** The Dutch app: no English outside the product's quoted fallbacks and technical codes. */
export const DUTCH_APP: LanguageCheck = {
  wrong: ENGLISH,
  allowed: DUTCH_APP_ALLOWED,
  data: DUTCH_APP_DATA,
  loading: /laden/,
};
/** The English app: no Dutch outside names, addresses and the firm's own content. */
export const ENGLISH_APP: LanguageCheck = { wrong: DUTCH, allowed: [], data: ENGLISH_APP_DATA, loading: /loading/ };

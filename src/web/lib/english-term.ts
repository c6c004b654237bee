import type { TFunction } from 'i18next';

/**
 * The `lang` of a translated text that keeps its own language ('No cure no pay', a term Dutch firms use as it is): the
 * translation files name it beside the text, under the text's key plus `Lang` (`offer.packages.complete.priceLang`:
 * "en"). Screen readers then read the term with its own pronunciation (WCAG 3.1.2). A text in the page's language has
 * no such key, and no attribute.
 */
export function termLang(t: TFunction, key: string): string | undefined {
  const lang = t(`${key}Lang`, { defaultValue: '' });
  return lang ? lang : undefined;
}

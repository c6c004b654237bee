import nl from '../../../../public/i18n/nl-NL.json';
import en from '../../../../public/i18n/en-US.json';
import type { UserLanguage } from '../../../contract/notifications';

/** The app's own translation files (bundled into the server), read under `notifications.`. */
const FILES: Record<UserLanguage, unknown> = { 'nl-NL': nl, 'en-US': en };

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A translator for one language with i18next's `{{name}}` interpolation and `_one`/`_other`
 * plurals; Dutch fills gaps. Keys are read under `root` (the mails' texts by default; a PDF
 * may read the screens' texts, such as the timeline's).
 */
export function translator(language: string, root = 'notifications'): Translate {
  const tree = FILES[language as UserLanguage] ?? FILES['nl-NL'];
  return (shortKey, values = {}) => {
    const key = root ? `${root}.${shortKey}` : shortKey;
    const pluralKey = typeof values.count === 'number' ? `${key}_${values.count === 1 ? 'one' : 'other'}` : null;
    const text =
      (pluralKey && (lookup(tree, pluralKey) ?? lookup(FILES['nl-NL'], pluralKey))) ||
      lookup(tree, key) ||
      lookup(FILES['nl-NL'], key);
    if (text === undefined) throw new Error(`Missing text ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './session';

/** The app's one i18next instance. Translations are fetched from `/i18n/{language}.json`, never bundled. */
export const i18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    // Plain same-origin GET, so it reuses the `<link rel="preload">` of index.html (nl-NL).
    fetch(`/i18n/${encodeURIComponent(language)}.json`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`Translations for ${language} answered ${response.status}`);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

export type InitI18nOptions = {
  language: Language | undefined;
  /** Inline resources (tests); without them the files are fetched. */
  resources?: Resource;
  /** Where `<html lang>` is kept in step with the language. */
  documentElement?: HTMLElement;
};

export async function initI18n(options: InitI18nOptions): Promise<void> {
  if (!options.resources) i18n.use(fetchBackend);
  i18n.use(initReactI18next);
  const root = options.documentElement ?? document.documentElement;
  i18n.on('languageChanged', (language) => {
    root.lang = language;
  });
  await i18n.init({
    lng: options.language ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: options.resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  root.lang = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
}

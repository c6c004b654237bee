import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n';
import { DEFAULT_LANGUAGE, type Language } from './session';

/** The interface language the texts are shown in (Dutch when i18next has none of ours). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../lib/i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../../lib/session';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

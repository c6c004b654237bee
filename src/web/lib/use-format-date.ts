import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from './format';
import { isLanguage } from './i18n';
import { DEFAULT_LANGUAGE } from './session';

/** formatDate in the current interface language (dd/mm/yyyy in Dutch). */
export function useFormatDate(): (value: string | number | Date | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (value) => formatDate(value, language);
}

/** formatDateTime in the current interface language (dd/mm/yyyy hh:mm in Dutch). */
export function useFormatDateTime(): (value: string | number | Date | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (value) => formatDateTime(value, language);
}

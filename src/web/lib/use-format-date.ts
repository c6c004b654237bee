import { formatDate, formatDateTime } from './format';
import { useLanguage } from './use-language';

/** formatDate in the current interface language (dd-mm-yyyy in Europe/Amsterdam, in both languages). */
export function useFormatDate(): (value: string | number | Date | null | undefined) => string {
  const language = useLanguage();
  return (value) => formatDate(value, language);
}

/** formatDateTime in the current interface language (dd-mm-yyyy HH:MM in Europe/Amsterdam, in both languages). */
export function useFormatDateTime(): (value: string | number | Date | null | undefined) => string {
  const language = useLanguage();
  return (value) => formatDateTime(value, language);
}

import { formatDate, formatDateTime } from './format';
import { useLanguage } from './use-language';

/** formatDate in the current interface language (dd/mm/yyyy in Dutch). */
export function useFormatDate(): (value: string | number | Date | null | undefined) => string {
  const language = useLanguage();
  return (value) => formatDate(value, language);
}

/** formatDateTime in the current interface language (dd/mm/yyyy hh:mm in Dutch). */
export function useFormatDateTime(): (value: string | number | Date | null | undefined) => string {
  const language = useLanguage();
  return (value) => formatDateTime(value, language);
}

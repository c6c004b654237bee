import {
  amsterdamDay,
  formatDate as formatDutchDate,
  formatDateTime as formatDutchDateTime,
  formatTime,
  type DateInput,
} from '../../contract/rules/dutch-date';
import type { Language } from './session';

export { amsterdamDay, formatTime };

/**
 * A date as dd-mm-yyyy in Europe/Amsterdam (contract/rules/dutch-date.ts), in both languages: the firm
 * and its clients are Dutch, so the English interface keeps the Dutch order rather than the US month first.
 */
export const formatDate = (value: DateInput, _language?: Language): string => formatDutchDate(value);

/** A date with its time of day, dd-mm-yyyy HH:MM in Europe/Amsterdam, in both languages. */
export const formatDateTime = (value: DateInput, _language?: Language): string => formatDutchDateTime(value);

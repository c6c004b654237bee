import type { Language } from './session';

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date as day/month/year with two digits each (dd/mm/yyyy), in both
 * languages: the firm and its clients are Dutch, so the English interface keeps the Dutch
 * order rather than the US month first. Invalid input gives an empty string.
 */
export function formatDate(value: string | number | Date | null | undefined, _language?: Language): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}`;
}

/** A time of day on the 24-hour clock, HH:MM, in both languages. Invalid input gives an empty string. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date with its time of day, dd/mm/yyyy HH:MM on the 24-hour clock in both languages, for events such as the case
 * timeline.
 */
export function formatDateTime(value: string | number | Date | null | undefined, language: Language): string {
  const day = formatDate(value, language);
  return day ? `${day} ${formatTime(value)}` : '';
}

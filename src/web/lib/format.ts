import type { Language } from './session';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date as day/month/year with two digits each in Dutch (SPEC section 9: dd/mm/yyyy), and
 * month/day/year in US English. Invalid input gives an empty string.
 */
export function formatDate(value: string | number | Date | null | undefined, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = String(date.getFullYear()).padStart(4, '0');
  return language === 'en-US' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

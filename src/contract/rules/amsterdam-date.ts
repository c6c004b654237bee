import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format } from 'date-fns';

/**
 * Calendar dates (YYYY-MM-DD) of the settlement rules, read and written in the firm's time
 * zone, Europe/Amsterdam, with date-fns on a TZDate: a date is the whole local day, so a
 * summer-time change or the server's own zone never shifts it by a day.
 */
export const AMSTERDAM = 'Europe/Amsterdam';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (no 31 April, 29 February only in leap years). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Whether a day exists does not depend on the time zone: checked on the UTC calendar.
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The local midnight of a YYYY-MM-DD date in Amsterdam. Throws on anything else. */
export function parseCalendarDate(value: string): TZDate {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date: ${value}`);
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, AMSTERDAM);
}

/** The YYYY-MM-DD of a date as seen in Amsterdam. */
export function formatCalendarDate(date: Date): string {
  return format(new TZDate(date, AMSTERDAM), 'yyyy-MM-dd');
}

/** Today's calendar date in Amsterdam. */
export const amsterdamToday = (now: Date) => formatCalendarDate(now);

/** `days` calendar days after (or before, when negative) a YYYY-MM-DD date. */
export function addCalendarDays(value: string, days: number): string {
  return formatCalendarDate(addDays(parseCalendarDate(value), days));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseCalendarDate(to), parseCalendarDate(from));
}

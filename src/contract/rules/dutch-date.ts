/**
 * Dates and times as the portal shows them, on screens, in mails, PDFs and CSV files alike:
 * dd-mm-yyyy and HH:MM on the 24-hour clock, read in Europe/Amsterdam, in both languages.
 */

export type DateInput = string | number | Date | null | undefined;
type Parts = { day: string; month: string; year: string; hour: string; minute: string };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The firm's clock: every day and time of day on screen is read in Europe/Amsterdam, whatever the browser's own time
 * zone, so a client abroad sees the same date as the firm. Made once: building a formatter is costly.
 */
const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A calendar day without a time of day, such as '2026-03-09'. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The parts of a day-only string as they are (no time zone applies to a calendar day), or null if no real day. */
function calendarDayParts(value: string): Parts | null {
  if (!DAY_ONLY.test(value)) return null;
  const [year, month, day] = value.split('-') as [string, string, string];
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1) return null;
  return { day, month, year, hour: '', minute: '' };
}

/** The day and time of day of a moment in Amsterdam, or null for missing or invalid input. */
function partsOf(value: DateInput): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DAY_ONLY.test(value)) return calendarDayParts(value);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Parts = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of amsterdam.formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof Parts] = part.value;
  }
  return {
    ...parts,
    day: pad(Number(parts.day)),
    month: pad(Number(parts.month)),
    year: parts.year.padStart(4, '0'),
    hour: pad(Number(parts.hour)),
    minute: pad(Number(parts.minute)),
  };
}

/**
 * A date as dd-mm-yyyy (two digits each, hyphens) in Europe/Amsterdam, in both languages: the firm and its clients
 * are Dutch, so the English interface keeps the Dutch order rather than the US month first. A day-only string
 * ('2026-03-09') is a calendar day and shows as that day (09-03-2026) in any time zone. Invalid input gives ''.
 */
export function formatDate(value: DateInput): string {
  const parts = partsOf(value);
  return parts ? `${parts.day}-${parts.month}-${parts.year}` : '';
}

/**
 * A time of day on the 24-hour clock, HH:MM, in Europe/Amsterdam and in both languages. Invalid input, and a day-only
 * string (which has no time of day), give an empty string.
 */
export function formatTime(value: DateInput): string {
  const parts = partsOf(value);
  return parts && parts.hour ? `${parts.hour}:${parts.minute}` : '';
}

/**
 * A date with its time of day, dd-mm-yyyy HH:MM on the 24-hour clock in Europe/Amsterdam and in both languages, for
 * events such as the case timeline. A day-only string gives the day alone; invalid input gives an empty string.
 */
export function formatDateTime(value: DateInput): string {
  const day = formatDate(value);
  const time = formatTime(value);
  return day && time ? `${day} ${time}` : day;
}

/**
 * The calendar day (YYYY-MM-DD) a moment falls on in Europe/Amsterdam, to group or compare by day the way the
 * dates on screen read. A day-only string is returned as it is; invalid input gives an empty string.
 */
export function amsterdamDay(value: DateInput): string {
  const parts = partsOf(value);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : '';
}

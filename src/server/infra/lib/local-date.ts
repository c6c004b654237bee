const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) in the firm's time zone, Europe/Amsterdam. */
export function localDate(now: Date): string {
  return formatter.format(now);
}

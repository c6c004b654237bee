/** Made once and reused: the day a moment falls on in Europe/Amsterdam, the firm's time zone. */
const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const pad = (value: string, length: number) => value.padStart(length, '0');

/**
 * A moment's date as mails and PDFs state it: dd-mm-yyyy (hyphens, two digits each) in Europe/Amsterdam, the same in
 * both languages, whatever the server's own time zone. Built from the parts, so the separator does not depend on the
 * ICU version's pattern for nl-NL.
 */
export function formatMailDate(date: Date): string {
  const parts = { day: '', month: '', year: '' };
  for (const part of amsterdam.formatToParts(date)) {
    if (part.type === 'day' || part.type === 'month' || part.type === 'year') parts[part.type] = part.value;
  }
  return `${pad(parts.day, 2)}-${pad(parts.month, 2)}-${pad(parts.year, 4)}`;
}

/**
 * A calendar day (YYYY-MM-DD) as dd-mm-yyyy: that very day, with no time zone to shift it. Anything else is returned
 * as it is.
 */
export function formatMailDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/**
 * How settlement amounts and dates are written for people: money in euros with Dutch
 * separators ('€ 12.345,67'; '€ 18.000' where whole euros read better), dates dd-mm-jjjj or
 * '16 maart 2026'. One place, used by the web app, the server's texts and the PDF letter.
 */
const euros = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeEuros = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** '€ 12.345,67' (always with cents); `whole: true` drops ',00' from a whole amount ('€ 18.000'). */
export function formatEuro(cents: number, options: { whole?: boolean } = {}): string {
  const sign = cents < 0 ? '- ' : '';
  const value = Math.abs(cents) / 100;
  const body = options.whole && Math.abs(cents) % 100 === 0 ? wholeEuros.format(value) : euros.format(value);
  return `${sign}€ ${body}`;
}

/** '31-01-2027' for '2027-01-31'. */
export function formatDutchDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** '16 maart 2026' (nl) or '16 March 2026' (en) for '2026-03-16'. */
export function formatLongDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * Cents from an amount a person typed in euros: '3000', '3.000', '3000,50', '3.000,50' or
 * '3000.50'. A comma is the decimal mark (dots are then thousands); without a comma, dots in
 * groups of three are thousands, one dot with one or two decimals is the decimal mark.
 * Null for anything else (letters, negative amounts, three decimals).
 */
export function parseEuroInput(input: string): number | null {
  const value = input.replace(/[€\s]/g, '');
  if (value === '') return null;
  let whole: string;
  let fraction = '';
  if (value.includes(',')) {
    const match = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/.exec(value) ?? /^(\d{1,3}(?:\.\d{3})+|\d+),-?$/.exec(value);
    if (!match) return null;
    whole = (match[1] ?? '').replace(/\./g, '');
    fraction = match[2] ?? '';
  } else if (/^\d{1,3}(?:\.\d{3})+$/.test(value)) {
    whole = value.replace(/\./g, '');
  } else {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) return null;
    whole = match[1] ?? '';
    fraction = match[2] ?? '';
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/** An amount in cents as a person would type it back: '3000,50' or '3000'. */
export function formatEuroInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

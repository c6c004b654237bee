import { describe, expect, it } from 'vitest';
import { formatDutchDate, formatEuro, formatLongDate } from './settlement-format';

describe('settlement formats', () => {
  it('writes money with Dutch separators', () => {
    expect(formatEuro(1_234_567)).toBe('€ 12.345,67');
    expect(formatEuro(1_800_000)).toBe('€ 18.000,00');
    expect(formatEuro(1_800_000, { whole: true })).toBe('€ 18.000');
    expect(formatEuro(1_800_050, { whole: true })).toBe('€ 18.000,50');
    expect(formatEuro(-650_000, { whole: true })).toBe('- € 6.500');
  });
  it('writes dates dd-mm-jjjj and in words', () => {
    expect(formatDutchDate('2027-01-31')).toBe('31-01-2027');
    expect(formatLongDate('2026-03-16', 'nl-NL')).toBe('16 maart 2026');
    expect(formatLongDate('2026-03-16', 'en-US')).toBe('16 March 2026');
  });
});

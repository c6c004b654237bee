import { describe, expect, it } from 'vitest';
import { formatDutchDate, formatEuro, formatEuroInput, formatLongDate, parseEuroInput } from './settlement-format';

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

describe('parseEuroInput', () => {
  it('reads Dutch and plain amounts', () => {
    expect(parseEuroInput('3000')).toBe(300_000);
    expect(parseEuroInput('3.000')).toBe(300_000);
    expect(parseEuroInput('€ 3.000,50')).toBe(300_050);
    expect(parseEuroInput('3000,5')).toBe(300_050);
    expect(parseEuroInput('3000.50')).toBe(300_050);
    expect(parseEuroInput('18.000,-')).toBe(1_800_000);
    expect(parseEuroInput('1.234.567,89')).toBe(123_456_789);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '3,000.50', '3000,505', '3.00.0', '1e5'])
      expect(parseEuroInput(bad)).toBeNull();
  });
  it('writes cents back as typed', () => {
    expect(formatEuroInput(300_050)).toBe('3000,50');
    expect(formatEuroInput(300_000)).toBe('3000');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './format';

describe('formatDate', () => {
  it('shows dd/mm/yyyy in Dutch, two digits each', () => {
    expect(formatDate(new Date(2026, 0, 5), 'nl-NL')).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 10, 22, 23, 59), 'nl-NL')).toBe('22/11/2026');
  });
  it('shows dd/mm/yyyy in English too, never the US month first', () => {
    expect(formatDate(new Date(2026, 0, 5), 'en-US')).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 11, 31), 'en-US')).toBe('31/12/2026');
  });
  it('reads ISO strings and gives nothing for missing or invalid dates', () => {
    expect(formatDate('2026-03-09T12:00:00', 'nl-NL')).toBe('09/03/2026');
    expect(formatDate(null, 'nl-NL')).toBe('');
    expect(formatDate('', 'nl-NL')).toBe('');
    expect(formatDate('not a date', 'nl-NL')).toBe('');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock with two digits each', () => {
    expect(formatTime(new Date(2026, 0, 5, 9, 5))).toBe('09:05');
    expect(formatTime(new Date(2026, 0, 5, 17, 30))).toBe('17:30');
    expect(formatTime(new Date(2026, 0, 5, 0, 0))).toBe('00:00');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day on the 24-hour clock, dd/mm/yyyy in both languages, empty for invalid input', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 9, 5), 'nl-NL')).toBe('23/11/2026 09:05');
    expect(formatDateTime(new Date(2026, 10, 23, 0, 30), 'en-US')).toBe('23/11/2026 00:30');
    expect(formatDateTime(new Date(2026, 10, 23, 14, 7), 'en-US')).toBe('23/11/2026 14:07');
    expect(formatDateTime('not a date', 'nl-NL')).toBe('');
    expect(formatDateTime(null, 'nl-NL')).toBe('');
  });
});

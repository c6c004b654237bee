import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('shows dd/mm/yyyy in Dutch, two digits each', () => {
    expect(formatDate(new Date(2026, 0, 5), 'nl-NL')).toBe('05/01/2026');
    expect(formatDate(new Date(2026, 10, 22, 23, 59), 'nl-NL')).toBe('22/11/2026');
  });
  it('shows mm/dd/yyyy in US English', () => {
    expect(formatDate(new Date(2026, 0, 5), 'en-US')).toBe('01/05/2026');
  });
  it('reads ISO strings and gives nothing for missing or invalid dates', () => {
    expect(formatDate('2026-03-09T12:00:00', 'nl-NL')).toBe('09/03/2026');
    expect(formatDate(null, 'nl-NL')).toBe('');
    expect(formatDate('', 'nl-NL')).toBe('');
    expect(formatDate('not a date', 'nl-NL')).toBe('');
  });
});

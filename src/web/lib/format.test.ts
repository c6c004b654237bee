import { describe, expect, it } from 'vitest';
import { amsterdamDay, formatDate, formatDateTime, formatTime } from './format';

// Moments are built from UTC timestamps, so each expectation holds in whatever time zone the tests run: the day and
// time shown are Amsterdam's (UTC+1 in winter, UTC+2 in summer), never the process's own.

describe('formatDate', () => {
  it('shows dd-mm-yyyy in Dutch, two digits each', () => {
    expect(formatDate(new Date('2026-01-05T11:00:00Z'), 'nl-NL')).toBe('05-01-2026');
    expect(formatDate(new Date('2026-11-22T22:59:00Z'), 'nl-NL')).toBe('22-11-2026');
  });
  it('shows dd-mm-yyyy in English too, never the US month first', () => {
    expect(formatDate(new Date('2026-01-05T11:00:00Z'), 'en-US')).toBe('05-01-2026');
    expect(formatDate(new Date('2026-12-31T11:00:00Z'), 'en-US')).toBe('31-12-2026');
  });
  it('gives the day in Amsterdam, not in the time zone of the browser', () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Amsterdam (UTC+1).
    expect(formatDate(new Date(Date.UTC(2026, 11, 31, 23, 30)), 'nl-NL')).toBe('01-01-2027');
    expect(formatDate('2026-12-31T23:30:00Z', 'en-US')).toBe('01-01-2027');
    expect(formatDate(Date.UTC(2026, 11, 31, 23, 30), 'nl-NL')).toBe('01-01-2027');
    // 22:30 UTC in summer is 00:30 the next day in Amsterdam (UTC+2); 21:59 UTC is still the same day.
    expect(formatDate(new Date('2026-07-14T22:30:00Z'), 'nl-NL')).toBe('15-07-2026');
    expect(formatDate(new Date('2026-07-14T21:59:00Z'), 'nl-NL')).toBe('14-07-2026');
    // 06:00 UTC is the same day in Amsterdam but the day before west of UTC-6.
    expect(formatDate(new Date('2026-03-09T06:00:00Z'), 'nl-NL')).toBe('09-03-2026');
  });
  it('shows a day-only string as that calendar day, not shifted through UTC midnight', () => {
    expect(formatDate('2026-03-09', 'nl-NL')).toBe('09-03-2026');
    expect(formatDate('2026-03-09', 'en-US')).toBe('09-03-2026');
    expect(formatDate('2026-12-31', 'nl-NL')).toBe('31-12-2026');
    expect(formatDate('2026-01-01', 'nl-NL')).toBe('01-01-2026');
    expect(formatDate('2026-02-30', 'nl-NL')).toBe('');
    expect(formatDate('2026-13-01', 'nl-NL')).toBe('');
  });
  it('reads ISO strings and gives nothing for missing or invalid dates', () => {
    expect(formatDate('2026-03-09T12:00:00Z', 'nl-NL')).toBe('09-03-2026');
    expect(formatDate('2026-03-09T12:00:00.000+00:00', 'nl-NL')).toBe('09-03-2026');
    expect(formatDate(null, 'nl-NL')).toBe('');
    expect(formatDate(undefined, 'nl-NL')).toBe('');
    expect(formatDate('', 'nl-NL')).toBe('');
    expect(formatDate('not a date', 'nl-NL')).toBe('');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock with two digits each, in Amsterdam', () => {
    expect(formatTime(new Date('2026-01-05T08:05:00Z'))).toBe('09:05');
    expect(formatTime(new Date('2026-01-05T16:30:00Z'))).toBe('17:30');
    expect(formatTime(new Date('2026-01-04T23:00:00Z'))).toBe('00:00');
    expect(formatTime(new Date('2026-07-05T07:15:00Z'))).toBe('09:15');
  });
  it('gives nothing for missing or invalid input, or for a day without a time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(formatTime('2026-03-09')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day on the 24-hour clock, dd-mm-yyyy in both languages, in Amsterdam', () => {
    expect(formatDateTime(new Date('2026-11-23T08:05:00Z'), 'nl-NL')).toBe('23-11-2026 09:05');
    expect(formatDateTime(new Date('2026-11-22T23:30:00Z'), 'en-US')).toBe('23-11-2026 00:30');
    expect(formatDateTime(new Date('2026-11-23T13:07:00Z'), 'en-US')).toBe('23-11-2026 14:07');
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 31, 23, 30)), 'nl-NL')).toBe('01-01-2027 00:30');
  });
  it('gives a day-only string as the day alone, and nothing for invalid input', () => {
    expect(formatDateTime('2026-03-09', 'nl-NL')).toBe('09-03-2026');
    expect(formatDateTime('not a date', 'nl-NL')).toBe('');
    expect(formatDateTime(null, 'nl-NL')).toBe('');
  });
});

describe('amsterdamDay', () => {
  it('gives the calendar day of a moment in Amsterdam, and a day-only string as it is', () => {
    expect(amsterdamDay(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('2027-01-01');
    expect(amsterdamDay('2026-07-14T21:59:00Z')).toBe('2026-07-14');
    expect(amsterdamDay('2026-03-09')).toBe('2026-03-09');
    expect(amsterdamDay('not a date')).toBe('');
  });
});

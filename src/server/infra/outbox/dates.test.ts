import { describe, expect, it } from 'vitest';
import { formatNoticeDate } from '../../archive/retention';
import { formatMailDate, formatMailDay } from './dates';

// Moments are built from UTC timestamps, so each expectation holds whatever the server's own time zone: the day shown
// is Amsterdam's (UTC+1 in winter, UTC+2 in summer).

describe('formatMailDate', () => {
  it('gives dd-mm-yyyy with hyphens and two digits each', () => {
    expect(formatMailDate(new Date('2026-01-05T11:00:00Z'))).toBe('05-01-2026');
    expect(formatMailDate(new Date('2027-05-12T10:00:00Z'))).toBe('12-05-2027');
  });
  it('gives the day in Amsterdam, not in UTC or the server time zone', () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Amsterdam.
    expect(formatMailDate(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('01-01-2027');
    // 22:30 UTC in summer is 00:30 the next day in Amsterdam; 21:59 UTC is still the same day.
    expect(formatMailDate(new Date('2026-07-14T22:30:00Z'))).toBe('15-07-2026');
    expect(formatMailDate(new Date('2026-07-14T21:59:00Z'))).toBe('14-07-2026');
    // 06:00 UTC is the same day in Amsterdam but the day before west of UTC-6.
    expect(formatMailDate(new Date('2026-03-09T06:00:00Z'))).toBe('09-03-2026');
  });
  it('is the date of the deletion notice too', () => {
    expect(formatNoticeDate(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('01-01-2027');
  });
});

describe('formatMailDay', () => {
  it('shows a calendar day as that very day, dd-mm-yyyy', () => {
    expect(formatMailDay('2026-03-09')).toBe('09-03-2026');
    expect(formatMailDay('2026-12-31')).toBe('31-12-2026');
    expect(formatMailDay('2027-01-01')).toBe('01-01-2027');
  });
  it('leaves anything else as it is', () => {
    expect(formatMailDay('')).toBe('');
    expect(formatMailDay('morgen')).toBe('morgen');
  });
});

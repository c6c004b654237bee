import { describe, expect, it } from 'vitest';
import { isWorkingDay, isWorkingDaysOld, workingDaysAgo } from './working-days';

describe('working days (Monday to Friday, Amsterdam)', () => {
  it('knows the weekend by the Amsterdam calendar, not by UTC', () => {
    // Friday 23:30 UTC in winter is Saturday 00:30 in Amsterdam.
    expect(isWorkingDay(new Date('2026-11-27T22:30:00Z'))).toBe(true);
    expect(isWorkingDay(new Date('2026-11-27T23:30:00Z'))).toBe(false);
    expect(isWorkingDay(new Date('2026-11-29T22:59:00Z'))).toBe(false);
    expect(isWorkingDay(new Date('2026-11-29T23:00:00Z'))).toBe(true);
  });

  it('counts two working days from Friday afternoon to Tuesday afternoon, skipping the weekend', () => {
    const friday = new Date('2026-11-27T15:00:00Z'); // 16:00 in Amsterdam
    expect(workingDaysAgo(new Date('2026-12-01T15:00:00Z'), 2).toISOString()).toBe(friday.toISOString());
    expect(isWorkingDaysOld(friday, new Date('2026-12-01T14:59:00Z'), 2)).toBe(false);
    expect(isWorkingDaysOld(friday, new Date('2026-12-01T15:00:00Z'), 2)).toBe(true);
  });

  it('starts counting a weekend message on Monday', () => {
    const saturday = new Date('2026-11-28T10:00:00Z');
    expect(isWorkingDaysOld(saturday, new Date('2026-12-01T22:59:00Z'), 2)).toBe(false);
    // Wednesday 00:00 in Amsterdam.
    expect(isWorkingDaysOld(saturday, new Date('2026-12-01T23:00:00Z'), 2)).toBe(true);
  });

  it('is plain elapsed time within a working week', () => {
    const tuesday = new Date('2026-12-01T09:00:00Z');
    expect(workingDaysAgo(new Date('2026-12-03T09:00:00Z'), 2).toISOString()).toBe(tuesday.toISOString());
  });

  it('keeps the wall-clock time over a change to winter time', () => {
    // Friday 23 October 2026, 16:00 summer time (14:00 UTC); clocks go back on Sunday 25 October.
    expect(workingDaysAgo(new Date('2026-10-27T15:00:00Z'), 2).toISOString()).toBe('2026-10-23T14:00:00.000Z');
  });

  it('never answers a moment after now, and moves back as the days grow', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    let previous = now.getTime();
    for (let days = 0; days <= 12; days++) {
      const at = workingDaysAgo(now, days).getTime();
      expect(at).toBeLessThanOrEqual(previous);
      previous = at;
    }
    expect(workingDaysAgo(now, 5).toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });
});

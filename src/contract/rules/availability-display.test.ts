import { describe, expect, it } from 'vitest';
import { getAvailabilityDisplay } from './availability-display';

describe('getAvailabilityDisplay', () => {
  it('lists Monday to Sunday with hours, and null for days without both times', () => {
    const rows = getAvailabilityDisplay([
      { day: 'wednesday', start_time: '10:00', end_time: '14:00' },
      { day: 'Monday', start_time: '09:00', end_time: '17:00' },
      { day: 'friday', start_time: '09:00', end_time: null },
    ]);
    expect(rows.map((r) => r.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(rows[0]?.hours).toBe('09:00 - 17:00');
    expect(rows[1]?.hours).toBeNull();
    expect(rows[2]?.hours).toBe('10:00 - 14:00');
    expect(rows[4]?.hours).toBeNull();
  });
  it('shows every day as unavailable for an empty week', () => {
    expect(getAvailabilityDisplay([]).every((r) => r.hours === null)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { toAvailabilityRequest, toAvailabilityRows } from './availability';

describe('availability form rules', () => {
  it('defaults to Monday to Friday 09:00–17:00 with an empty weekend when there is no availability', () => {
    const rows = toAvailabilityRows([]);
    expect(rows.map((r) => r.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(rows.slice(0, 5).every((r) => r.start_time === '09:00' && r.end_time === '17:00')).toBe(true);
    expect(rows.slice(5).every((r) => r.start_time === '' && r.end_time === '')).toBe(true);
  });

  it('keeps the saved days and leaves the others empty', () => {
    const rows = toAvailabilityRows([{ day: 'wednesday', start_time: '10:00', end_time: '12:00' }]);
    expect(rows.find((r) => r.day === 'wednesday')).toEqual({
      day: 'wednesday',
      start_time: '10:00',
      end_time: '12:00',
    });
    expect(rows.find((r) => r.day === 'monday')).toEqual({ day: 'monday', start_time: '', end_time: '' });
  });

  it('sends only the complete days', () => {
    const rows = toAvailabilityRows([]).map((r) => (r.day === 'friday' ? { ...r, start_time: '', end_time: '' } : r));
    expect(toAvailabilityRequest(rows).map((e) => e.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday']);
  });
});

import { DAYS, type Day } from '../../../contract/days';
import type { AvailabilityEntry } from '../../../contract/users';

/** One row of the availability form: a weekday with two time inputs ('' when empty). */
export type AvailabilityRow = { day: Day; start_time: string; end_time: string };

const WORKDAY_DEFAULT = { start_time: '09:00', end_time: '17:00' };
const WEEKEND: readonly Day[] = ['saturday', 'sunday'];

/** The form's rows, Monday to Sunday; with no availability yet: Monday–Friday 09:00–17:00, the weekend empty. */
export function toAvailabilityRows(entries: readonly AvailabilityEntry[]): AvailabilityRow[] {
  if (entries.length === 0) {
    return DAYS.map((day) =>
      WEEKEND.includes(day) ? { day, start_time: '', end_time: '' } : { day, ...WORKDAY_DEFAULT },
    );
  }
  return DAYS.map((day) => {
    const entry = entries.find((e) => e.day === day);
    return { day, start_time: entry?.start_time ?? '', end_time: entry?.end_time ?? '' };
  });
}

/** Only the days with both times are sent; the server replaces the availability with them. */
export function toAvailabilityRequest(rows: readonly AvailabilityRow[]): AvailabilityEntry[] {
  return rows
    .filter((row) => row.start_time.trim() && row.end_time.trim())
    .map((row) => ({ day: row.day, start_time: row.start_time.trim(), end_time: row.end_time.trim() }));
}

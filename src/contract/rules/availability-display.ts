import { DAYS, type Day } from '../days';

export type AvailabilityDisplayRow = { day: Day; hours: string | null };

/**
 * A lawyer's week Monday to Sunday as shown on the info sheet: 'HH:MM - HH:MM' or null
 * (shown as 'Niet beschikbaar') for a day without both times. English day names map to days.
 */
export function getAvailabilityDisplay(
  entries: readonly { day: string; start_time: string | null; end_time: string | null }[],
): AvailabilityDisplayRow[] {
  const byDay = new Map<string, { start_time: string | null; end_time: string | null }>();
  for (const entry of entries) byDay.set(entry.day.trim().toLowerCase(), entry);
  return DAYS.map((day) => {
    const entry = byDay.get(day);
    const hours = entry?.start_time && entry.end_time ? `${entry.start_time} - ${entry.end_time}` : null;
    return { day, hours };
  });
}

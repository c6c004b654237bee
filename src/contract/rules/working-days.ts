import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { AMSTERDAM } from './amsterdam-date';

/**
 * Working days of the firm: Monday to Friday in Europe/Amsterdam. Public holidays are not
 * skipped: no maintained holiday calendar is part of the product (docs/firm-duties.md).
 */
export function isWorkingDay(moment: Date): boolean {
  const day = new TZDate(moment.getTime(), AMSTERDAM).getDay();
  return day !== 0 && day !== 6;
}

/**
 * The latest moment from which `days` working days have passed by `now`: time on Saturdays and
 * Sundays does not count, each weekday counts as one whole day (23 or 25 hours on a clock
 * change). A client message sent on Friday at 16:00 has waited two working days on Tuesday at
 * 16:00; one sent on Saturday has waited two working days on Wednesday at 00:00.
 */
export function workingDaysAgo(now: Date, days: number): Date {
  let remaining = days;
  let cursor = new TZDate(now.getTime(), AMSTERDAM);
  for (;;) {
    // The Amsterdam day holding the instant just before the cursor.
    const dayStart = startOfDay(new TZDate(cursor.getTime() - 1, AMSTERDAM));
    if (isWorkingDay(dayStart)) {
      const dayLength = addDays(dayStart, 1).getTime() - dayStart.getTime();
      const available = (cursor.getTime() - dayStart.getTime()) / dayLength;
      if (available >= remaining) return new Date(cursor.getTime() - remaining * dayLength);
      remaining -= available;
    }
    cursor = dayStart;
  }
}

/** True when a moment lies `days` working days or more before `now`. */
export const isWorkingDaysOld = (moment: Date, now: Date, days: number): boolean =>
  moment.getTime() <= workingDaysAgo(now, days).getTime();

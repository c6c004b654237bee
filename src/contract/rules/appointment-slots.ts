import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { nl } from 'date-fns/locale/nl';
import { DAYS, type Day } from '../days';

/** The firm's time zone: every slot, date and time of an appointment is computed in it. */
export const APPOINTMENT_TIME_ZONE = 'Europe/Amsterdam';
/** Slots are offered up to this many days ahead. */
export const APPOINTMENT_HORIZON_DAYS = 14;

export type WeeklyHours = { day: Day | string; start_time: string | null; end_time: string | null };
/** A lawyer's absence, both dates inclusive (YYYY-MM-DD, Europe/Amsterdam). */
export type AbsenceRange = { from: string; until: string };
export type BookedInterval = { start: Date; end: Date };
/** A bookable slot: ISO 8601 with the Amsterdam offset ('2026-12-08T10:00:00+01:00'). */
export type AppointmentSlot = { start: string; end: string };

export type SlotInput = {
  availability: readonly WeeklyHours[];
  absences: readonly AbsenceRange[];
  /** Appointments already booked with this lawyer (any case). */
  booked: readonly BookedInterval[];
  now: Date;
  /** No slot starts sooner than this many hours after `now`. */
  noticeHours: number;
  minutes: number;
  /** First calendar day asked for (YYYY-MM-DD); defaults to today in Amsterdam. */
  from?: string;
  /** How many calendar days from `from`; the 14-day horizon caps it anyway. */
  days?: number;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The calendar date (YYYY-MM-DD) of an instant in Amsterdam. */
export function amsterdamDate(instant: Date): string {
  return format(new TZDate(instant.getTime(), APPOINTMENT_TIME_ZONE), 'yyyy-MM-dd');
}

/** An instant as ISO 8601 with its Amsterdam offset. */
export function toAmsterdamIso(instant: Date): string {
  return format(new TZDate(instant.getTime(), APPOINTMENT_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/**
 * A local wall-clock time on a date in Amsterdam, or null when that time does not exist (the hour skipped in March).
 */
function wallClock(date: string, minutesOfDay: number): Date | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const hours = Math.floor(minutesOfDay / 60);
  const minutes = minutesOfDay % 60;
  const local = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, APPOINTMENT_TIME_ZONE);
  if (local.getHours() !== hours || local.getMinutes() !== minutes) return null;
  return new Date(local.getTime());
}

function parseTime(value: string | null): number | null {
  const m = value ? TIME.exec(value) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The date `count` calendar days after `date` (both YYYY-MM-DD). */
export function addCalendarDays(date: string, count: number): string {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return format(addDays(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), count), 'yyyy-MM-dd');
}

function weekday(date: string): Day {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  const sundayFirst = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return DAYS[(sundayFirst + 6) % 7] as Day;
}

const isAbsent = (date: string, absences: readonly AbsenceRange[]) =>
  absences.some((a) => a.from <= date && date <= a.until);

/**
 * The bookable slots of a lawyer: `minutes` long, cut from the weekly availability of each
 * calendar day in Amsterdam (so 10:00 stays 10:00 across the summer-time changes), leaving out
 * days of absence, slots overlapping a booked appointment, slots starting sooner than
 * `noticeHours` from now and slots beyond the 14-day horizon. Sorted by start.
 */
export function computeAppointmentSlots(input: SlotInput): AppointmentSlot[] {
  const { now, minutes } = input;
  if (!(minutes > 0)) return [];
  const earliest = now.getTime() + input.noticeHours * 3_600_000;
  const horizon = addDays(new TZDate(now.getTime(), APPOINTMENT_TIME_ZONE), APPOINTMENT_HORIZON_DAYS).getTime();
  const today = amsterdamDate(now);
  const first = input.from && DATE.test(input.from) && input.from > today ? input.from : today;
  const lastDate = amsterdamDate(new Date(horizon));
  const dayCount = Math.max(0, Math.min(input.days ?? APPOINTMENT_HORIZON_DAYS + 1, APPOINTMENT_HORIZON_DAYS + 1));
  const hoursByDay = new Map<string, { start: number; end: number }>();
  for (const entry of input.availability) {
    const start = parseTime(entry.start_time);
    const end = parseTime(entry.end_time);
    if (start !== null && end !== null && start < end)
      hoursByDay.set(String(entry.day).trim().toLowerCase(), { start, end });
  }
  const slots: AppointmentSlot[] = [];
  for (let i = 0; i < dayCount; i += 1) {
    const date = addCalendarDays(first, i);
    if (date > lastDate) break;
    const hours = hoursByDay.get(weekday(date));
    if (!hours || isAbsent(date, input.absences)) continue;
    for (let at = hours.start; at + minutes <= hours.end; at += minutes) {
      const start = wallClock(date, at);
      if (!start) continue;
      const startMs = start.getTime();
      const endMs = startMs + minutes * 60_000;
      if (startMs < earliest || startMs > horizon) continue;
      if (input.booked.some((b) => b.start.getTime() < endMs && startMs < b.end.getTime())) continue;
      slots.push({ start: toAmsterdamIso(start), end: toAmsterdamIso(new Date(endMs)) });
    }
  }
  return slots;
}

/** The slot starting at `start` (any ISO 8601 form of the same instant), or null when it is not offered. */
export function findSlot(slots: readonly AppointmentSlot[], start: Date): AppointmentSlot | null {
  return slots.find((slot) => new Date(slot.start).getTime() === start.getTime()) ?? null;
}

/** The slots grouped by their Amsterdam calendar date, every day from `from` for `days` days (empty days included). */
export function groupSlotsByDay(
  slots: readonly AppointmentSlot[],
  from: string,
  days: number,
): { date: string; slots: AppointmentSlot[] }[] {
  const result: { date: string; slots: AppointmentSlot[] }[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addCalendarDays(from, i);
    result.push({ date, slots: slots.filter((slot) => amsterdamDate(new Date(slot.start)) === date) });
  }
  return result;
}

/** 'dinsdag 8 december om 10:00' / 'Tuesday 8 December at 10:00', in Amsterdam time. */
export function formatAppointmentTime(instant: Date | string, language: string): string {
  const local = new TZDate(new Date(instant).getTime(), APPOINTMENT_TIME_ZONE);
  return language.startsWith('en')
    ? format(local, "EEEE d MMMM 'at' HH:mm", { locale: enUS })
    : format(local, "EEEE d MMMM 'om' HH:mm", { locale: nl });
}

/** The time of day in Amsterdam, 'HH:MM'. */
export function formatAppointmentClock(instant: Date | string): string {
  return format(new TZDate(new Date(instant).getTime(), APPOINTMENT_TIME_ZONE), 'HH:mm');
}

/**
 * Whether the client (or a lawyer) may still move or cancel an appointment starting at
 * `start`: up to `noticeHours` before it. The lawyer may always (checked by the caller).
 */
export function isChangeAllowed(start: Date, now: Date, noticeHours: number): boolean {
  return start.getTime() - now.getTime() >= noticeHours * 3_600_000;
}

/** A calendar day (YYYY-MM-DD) as 'woensdag 2 december' / 'Wednesday 2 December'. */
export function formatAppointmentDay(date: string, language: string): string {
  const m = DATE.exec(date);
  if (!m) return date;
  const noon = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return format(new TZDate(noon.getTime(), APPOINTMENT_TIME_ZONE), 'EEEE d MMMM', {
    locale: language.startsWith('en') ? enUS : nl,
  });
}

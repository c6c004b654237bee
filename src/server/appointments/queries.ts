import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Absence, UpcomingAppointments } from '../../contract/appointments';
import {
  addCalendarDays,
  amsterdamDate,
  APPOINTMENT_HORIZON_DAYS,
  computeAppointmentSlots,
  toAmsterdamIso,
  type AbsenceRange,
  type AppointmentSlot,
} from '../../contract/rules/appointment-slots';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { appointments, availability, caseLawyers, cases, lawyerAbsences, users } from '../infra/db/schema';
import { preparedQuery } from '../infra/db/prepared';
import { userById } from '../users/queries';
import { standInsFrom } from '../cases/views';

export type AppointmentRow = typeof appointments.$inferSelect;
type UserRow = typeof users.$inferSelect;
export type BookingLawyer = { id: string; fullName: string; email: string; standIn: boolean };
export type SlotSettings = { minutes: number; noticeHours: number };

const fullName = (u: Pick<UserRow, 'name' | 'infix' | 'lastName'>) =>
  getDisplayName({ name: u.name, infix: u.infix, last_name: u.lastName });
const toLawyer = (u: UserRow, standIn: boolean): BookingLawyer => ({
  id: u.id,
  fullName: fullName(u),
  email: u.email,
  standIn,
});

/**
 * Who the first conversation is with, per calendar day: a stand-in whose date range covers the
 * day (the earliest made first, as the lawyer sheet shows them), else the first assigned lawyer.
 * Deactivated lawyers are left out.
 */
export async function caseCoverage(
  db: Db,
  caseId: string,
  today: string,
): Promise<{ assigned: BookingLawyer | null; standIns: { lawyer: BookingLawyer; from: string; until: string }[] }> {
  const [assigned, standIns] = await Promise.all([
    firstActiveLawyer(db).execute({ caseId }),
    standInsFrom(db).execute({ caseId, today }),
  ]);
  return {
    assigned: assigned[0] ? toLawyer(assigned[0].user, false) : null,
    standIns: standIns.map((s) => ({ lawyer: toLawyer(s.user, true), from: s.from, until: s.until })),
  };
}

const firstActiveLawyer = preparedQuery((db) =>
  db
    .select({ user: users })
    .from(caseLawyers)
    .innerJoin(users, eq(users.id, caseLawyers.lawyerId))
    .where(and(eq(caseLawyers.caseId, sql.placeholder('caseId')), isNull(users.deactivatedAt)))
    .orderBy(asc(caseLawyers.assignedAt))
    .limit(1)
    .prepare('first_active_lawyer'),
);

type Coverage = Awaited<ReturnType<typeof caseCoverage>>;

/** The lawyer who covers the case on a date (YYYY-MM-DD), or null when nobody does. */
export function lawyerOn(coverage: Coverage, date: string): BookingLawyer | null {
  return coverage.standIns.find((s) => s.from <= date && date <= s.until)?.lawyer ?? coverage.assigned;
}

export type CaseSlot = AppointmentSlot & { lawyer: BookingLawyer };

/**
 * The case's bookable slots from `from` for `days` days: each day's slots are those of the
 * lawyer covering it (the stand-in during a stand-in), from their weekly availability, without
 * their absences and the appointments booked with them on any case.
 */
export async function listCaseSlots(
  db: Db,
  input: { caseId: string; now: Date; settings: SlotSettings; from?: string; days?: number },
): Promise<CaseSlot[]> {
  const today = amsterdamDate(input.now);
  const coverage = await caseCoverage(db, input.caseId, today);
  const horizon = Array.from({ length: APPOINTMENT_HORIZON_DAYS + 1 }, (_, i) => addCalendarDays(today, i));
  const owners = new Map<string, BookingLawyer>();
  const covering = new Map<string, string | null>();
  for (const date of horizon) {
    const lawyer = lawyerOn(coverage, date);
    covering.set(date, lawyer?.id ?? null);
    if (lawyer) owners.set(lawyer.id, lawyer);
  }
  const ids = [...owners.keys()];
  if (ids.length === 0) return [];
  const [hours, absences, booked] = await Promise.all([
    db.select().from(availability).where(inArray(availability.userId, ids)),
    db
      .select()
      .from(lawyerAbsences)
      .where(and(inArray(lawyerAbsences.lawyerId, ids), gte(lawyerAbsences.untilDate, today))),
    db
      .select({ lawyerId: appointments.lawyerId, start: appointments.startAt, end: appointments.endAt })
      .from(appointments)
      .where(
        and(inArray(appointments.lawyerId, ids), eq(appointments.status, 'booked'), gt(appointments.endAt, input.now)),
      ),
  ]);
  const slots: CaseSlot[] = [];
  for (const lawyer of owners.values()) {
    // Days another lawyer covers count as absences of this one.
    const notCovering: AbsenceRange[] = horizon
      .filter((date) => covering.get(date) !== lawyer.id)
      .map((date) => ({ from: date, until: date }));
    const own = computeAppointmentSlots({
      availability: hours
        .filter((h) => h.userId === lawyer.id)
        .map((h) => ({ day: h.day, start_time: h.startTime, end_time: h.endTime })),
      absences: [
        ...absences.filter((a) => a.lawyerId === lawyer.id).map((a) => ({ from: a.fromDate, until: a.untilDate })),
        ...notCovering,
      ],
      booked: booked.filter((b) => b.lawyerId === lawyer.id),
      now: input.now,
      noticeHours: input.settings.noticeHours,
      minutes: input.settings.minutes,
      ...(input.from !== undefined ? { from: input.from } : {}),
      ...(input.days !== undefined ? { days: input.days } : {}),
    });
    slots.push(...own.map((slot) => ({ ...slot, lawyer })));
  }
  return slots.sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}

export async function findBookedAppointment(db: Db, caseId: string): Promise<AppointmentRow | null> {
  const [row] = await bookedAppointment(db).execute({ caseId });
  return row ?? null;
}

const bookedAppointment = preparedQuery((db) =>
  db
    .select()
    .from(appointments)
    .where(and(eq(appointments.caseId, sql.placeholder('caseId')), eq(appointments.status, 'booked')))
    .prepare('booked_appointment'),
);

export async function findLawyer(db: Db, id: string): Promise<BookingLawyer | null> {
  const [user] = await userById(db).execute({ id });
  return user ? toLawyer(user, false) : null;
}

/** Keeps the case's own columns (appointment_start_time / appointment_end_time) equal to the booked appointment. */
export async function setCaseAppointment(
  db: Db,
  caseId: string,
  row: { startAt: Date; endAt: Date } | null,
  now: Date,
): Promise<void> {
  await db
    .update(cases)
    .set({
      appointmentStartTime: row?.startAt ?? null,
      appointmentEndTime: row?.endAt ?? null,
      ...(row ? { callbackRequestedAt: null } : {}),
      lastUpdateAt: now,
    })
    .where(eq(cases.id, caseId));
}

/** The lawyer's booked appointments that have not ended yet, and the call-back requests of their cases. */
export async function listUpcoming(db: Db, lawyerId: string, now: Date): Promise<UpcomingAppointments> {
  const [rows, callbacks] = await Promise.all([
    db
      .select({ appointment: appointments, clientName: cases.clientName })
      .from(appointments)
      .innerJoin(cases, eq(cases.id, appointments.caseId))
      .where(and(eq(appointments.lawyerId, lawyerId), eq(appointments.status, 'booked'), gt(appointments.endAt, now)))
      .orderBy(asc(appointments.startAt))
      .limit(50),
    db
      .select({ caseId: cases.id, clientName: cases.clientName, requestedAt: cases.callbackRequestedAt })
      .from(cases)
      .innerJoin(caseLawyers, and(eq(caseLawyers.caseId, cases.id), eq(caseLawyers.lawyerId, lawyerId)))
      .where(isNotNull(cases.callbackRequestedAt))
      .orderBy(asc(cases.callbackRequestedAt))
      .limit(50),
  ]);
  return {
    data: rows.map(({ appointment, clientName }) => ({
      id: appointment.id,
      case_id: appointment.caseId,
      client_name: clientName,
      start: toAmsterdamIso(appointment.startAt),
      end: toAmsterdamIso(appointment.endAt),
    })),
    callbacks: callbacks.map((c) => ({
      case_id: c.caseId,
      client_name: c.clientName,
      requested_at: (c.requestedAt as Date).toISOString(),
    })),
  };
}

/** Appointments starting within the window that have had no reminder yet (the reminder job). */
export async function listDueReminders(db: Db, now: Date, withinMs: number, limit: number): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'booked'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startAt, now),
        lte(appointments.startAt, new Date(now.getTime() + withinMs)),
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(limit);
}

export async function listAbsences(db: Db, lawyerId: string, today: string): Promise<Absence[]> {
  const rows = await db
    .select()
    .from(lawyerAbsences)
    .where(and(eq(lawyerAbsences.lawyerId, lawyerId), gte(lawyerAbsences.untilDate, today)))
    .orderBy(asc(lawyerAbsences.fromDate))
    .limit(200);
  return rows.map((r) => ({ id: r.id, from: r.fromDate, until: r.untilDate }));
}

export async function insertAbsence(
  db: Db,
  input: { lawyerId: string; from: string; until: string; now: Date },
): Promise<Absence> {
  const [row] = await db
    .insert(lawyerAbsences)
    .values({ lawyerId: input.lawyerId, fromDate: input.from, untilDate: input.until, createdAt: input.now })
    .returning();
  if (!row) throw new Error('Absence not created');
  return { id: row.id, from: row.fromDate, until: row.untilDate };
}

export async function deleteAbsence(db: Db, lawyerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(lawyerAbsences)
    .where(and(eq(lawyerAbsences.id, id), eq(lawyerAbsences.lawyerId, lawyerId)))
    .returning({ id: lawyerAbsences.id });
  return rows.length > 0;
}

/** Marks the reminder sent; false when another run did so first. */
export async function markReminderSent(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ reminderSentAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.status, 'booked'), isNull(appointments.reminderSentAt)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

export const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  for (
    let item = error as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined;
    item;
    item = item.cause as typeof item
  ) {
    if (item.code === '23505')
      return item.constraint === constraint || (typeof item.message === 'string' && item.message.includes(constraint));
  }
  return false;
};

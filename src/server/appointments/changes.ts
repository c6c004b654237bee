import { and, eq, isNull } from 'drizzle-orm';
import { APPOINTMENT_ERRORS } from '../../contract/appointments';
import type { Db } from '../infra/db/client';
import { appointments, cases, users } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { AppError } from '../infra/errors/errors';
import { insertMessage } from '../messages/queries';
import { claimAppointmentMove } from './move-limit';
import { isUniqueViolation, setCaseAppointment, type AppointmentRow, type CaseSlot } from './queries';

// The changes to a case's first conversation, each in one transaction with its domain event (whose
// rule writes the invite mails, domain-events/appointment-mails.ts); the routes (routes.ts) check
// access, notice and slot and call one of these.

type CaseRef = { id: string; clientId: string; clientName: string };

const conflict = (message: string) => new AppError('conflict', message);

/** A refused insert or move: the unique index on (lawyer, start) means the slot was just taken. */
function refusal(error: unknown): never {
  if (isUniqueViolation(error, 'appointments_lawyer_start_key')) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
  if (isUniqueViolation(error, 'appointments_case_booked_key')) throw conflict(APPOINTMENT_ERRORS.alreadyBooked);
  throw error;
}

/** Books a slot for the case (409 when someone else took it meanwhile). */
export async function bookAppointment(
  db: Db,
  input: { caseRow: CaseRef; slot: CaseSlot; actorId: string; now: Date },
): Promise<AppointmentRow> {
  const { caseRow, slot, actorId, now } = input;
  return withEvents(db, async (tx) => {
    const [inserted] = await tx
      .insert(appointments)
      .values({
        caseId: caseRow.id,
        lawyerId: slot.lawyer.id,
        startAt: new Date(slot.start),
        endAt: new Date(slot.end),
        bookedBy: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('Appointment not created');
    await setCaseAppointment(tx, caseRow.id, { startAt: inserted.startAt, endAt: inserted.endAt }, now);
    await emit(tx, {
      actorId,
      action: 'appointment.booked',
      subjectType: 'case',
      subjectId: caseRow.id,
      caseId: caseRow.id,
      data: { appointment_id: inserted.id, lawyer_id: slot.lawyer.id },
      at: now,
    });
    return inserted;
  }).catch(refusal);
}

/** Moves the booked appointment to another slot, unless it was moved or cancelled meanwhile (409). */
export async function moveAppointment(
  db: Db,
  input: {
    caseRow: CaseRef;
    current: AppointmentRow;
    slot: CaseSlot;
    actorId: string;
    now: Date;
  },
): Promise<AppointmentRow> {
  const { caseRow, current, slot, actorId, now } = input;
  return withEvents(db, async (tx) => {
    const [moved] = await tx
      .update(appointments)
      .set({
        lawyerId: slot.lawyer.id,
        startAt: new Date(slot.start),
        endAt: new Date(slot.end),
        sequence: current.sequence + 1,
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(appointments.id, current.id),
          eq(appointments.status, 'booked'),
          eq(appointments.sequence, current.sequence),
        ),
      )
      .returning();
    // Moved or cancelled by someone else meanwhile.
    if (!moved) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
    // The day's budget of moves, counted under the case's lock (a further move: 429, all rolled back).
    await claimAppointmentMove(tx, { caseId: caseRow.id, now });
    await setCaseAppointment(tx, caseRow.id, { startAt: moved.startAt, endAt: moved.endAt }, now);
    await emit(tx, {
      actorId,
      action: 'appointment.rescheduled',
      subjectType: 'case',
      subjectId: caseRow.id,
      caseId: caseRow.id,
      data: {
        appointment_id: moved.id,
        lawyer_id: slot.lawyer.id,
        // The day now falls to another lawyer (a stand-in's period): the first one's calendar drops it.
        ...(current.lawyerId !== slot.lawyer.id ? { previous_lawyer_id: current.lawyerId } : {}),
      },
      at: now,
    });
    return moved;
  }).catch(refusal);
}

/** Cancels the booked appointment (409 when there is none any more). */
export async function cancelAppointment(
  db: Db,
  input: {
    caseRow: CaseRef;
    current: AppointmentRow;
    actorId: string;
    now: Date;
  },
): Promise<void> {
  const { caseRow, current, actorId, now } = input;
  await withEvents(db, async (tx) => {
    const [cancelled] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: now, sequence: current.sequence + 1, updatedAt: now })
      .where(and(eq(appointments.id, current.id), eq(appointments.status, 'booked')))
      .returning();
    if (!cancelled) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    await setCaseAppointment(tx, caseRow.id, null, now);
    await emit(tx, {
      actorId,
      action: 'appointment.cancelled',
      subjectType: 'case',
      subjectId: caseRow.id,
      caseId: caseRow.id,
      data: { appointment_id: cancelled.id, lawyer_id: cancelled.lawyerId },
      at: now,
    });
  });
}

/** A user's language, for texts written on their behalf. */
export async function getUserLanguage(db: Db, userId: string): Promise<string | null> {
  const [me] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return me?.language ?? null;
}

/** The client of a case, for the calendar file's attendees. */
export async function getClient(db: Db, clientId: string) {
  const [client] = await db.select().from(users).where(eq(users.id, clientId));
  return client ?? null;
}

/**
 * 'Bel mij terug': marks the case and posts `text` as the client's message, once until the
 * lawyer clears it. Returns whether it was asked now, and since when it is asked.
 */
export async function requestCallback(
  db: Db,
  input: { caseId: string; clientId: string; text: string; now: Date },
): Promise<{ created: boolean; requestedAt: Date }> {
  const { caseId, clientId, text, now } = input;
  const result = await withEvents(db, async (tx) => {
    const [marked] = await tx
      .update(cases)
      .set({ callbackRequestedAt: now, lastUpdateAt: now })
      .where(and(eq(cases.id, caseId), isNull(cases.callbackRequestedAt)))
      .returning({ at: cases.callbackRequestedAt });
    // Asked before and not dealt with yet: nothing new.
    if (!marked) return null;
    const message = await insertMessage(tx, {
      caseId,
      authorId: clientId,
      authorRole: 'client',
      text,
      documentId: null,
      now,
    });
    await emit(tx, {
      actorId: clientId,
      action: 'message.sent',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: { message_id: message.id, attachment: false },
      at: now,
    });
    await emit(tx, {
      actorId: clientId,
      action: 'appointment.callback_requested',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: {},
      at: now,
    });
    return message.id;
  });
  const [after] = await db.select({ at: cases.callbackRequestedAt }).from(cases).where(eq(cases.id, caseId));
  return { created: result !== null, requestedAt: after?.at ?? now };
}

/** The lawyer called back: the request goes (recorded when there was one). */
export async function clearCallback(
  db: Db,
  input: { caseId: string; wasRequested: boolean; actorId: string; now: Date },
): Promise<void> {
  const { caseId, wasRequested, actorId, now } = input;
  await withEvents(db, async (tx) => {
    const cleared = await tx
      .update(cases)
      .set({ callbackRequestedAt: null, lastUpdateAt: now })
      .where(and(eq(cases.id, caseId)))
      .returning({ id: cases.id });
    if (cleared.length && wasRequested) {
      await emit(tx, {
        actorId,
        action: 'appointment.callback_done',
        subjectType: 'case',
        subjectId: caseId,
        caseId,
        data: {},
        at: now,
      });
    }
  });
}

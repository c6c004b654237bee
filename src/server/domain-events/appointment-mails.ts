import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { appointments, cases, outbox, users } from '../infra/db/schema';
import { modeOf, videoUrl } from '../infra/lib/appointment-video';
import type { AppointmentMailPayload } from '../infra/outbox/kinds';
import { enqueueMail } from '../infra/outbox/outbox';
import type { MailRule } from './mails';

// The mails of the first conversation (rules.ts: booked, rescheduled, cancelled) and of its
// reminder job: one to the client and one to the lawyer, each carrying the calendar invite the
// outbox worker adds (appointments/mail.ts). Both get one: the invite must land in both calendars,
// also the calendar of whoever made the change.

type AppointmentRow = typeof appointments.$inferSelect;
type MailKindOfAppointment =
  'appointment_booked' | 'appointment_moved' | 'appointment_cancelled' | 'appointment_reminder';
/** Whom an appointment mail names and goes to on the firm's side. */
export type AppointmentLawyer = { id: string; fullName: string; email: string };

const str = (value: unknown) => (typeof value === 'string' ? value : null);
const nameOf = (row: { name: string | null; infix: string | null; lastName: string | null }) =>
  getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName });

/**
 * The outbox rows of one change of the appointment (or of its reminder), in the caller's
 * transaction. A move waits `mailWindowMs`, so that further moves meanwhile go out with it as one
 * mail per person; a cancellation withdraws a move mail still waiting.
 */
export async function queueAppointmentMails(
  db: Db,
  kind: MailKindOfAppointment,
  input: {
    row: AppointmentRow;
    caseRow: { id: string; clientId: string; clientName: string | null };
    lawyer: AppointmentLawyer;
    videoTemplate: string | undefined;
    now: Date;
    only?: 'client' | 'lawyer';
    mailWindowMs?: number;
  },
): Promise<void> {
  const [client] = await db.select().from(users).where(eq(users.id, input.caseRow.clientId));
  if (!client) return;
  const clientName = nameOf(client);
  const base: Omit<AppointmentMailPayload, 'for_lawyer'> = {
    appointment_id: input.row.id,
    case_id: input.caseRow.id,
    sequence: input.row.sequence,
    start: input.row.startAt.toISOString(),
    end: input.row.endAt.toISOString(),
    stamp: input.now.toISOString(),
    lawyer_name: input.lawyer.fullName,
    client_name: input.caseRow.clientName || clientName,
    mode: modeOf(input.videoTemplate),
    video_url: videoUrl(input.videoTemplate, input.row.id),
    attendees: [
      { name: clientName, email: client.email },
      { name: input.lawyer.fullName, email: input.lawyer.email },
    ],
  };
  /** When the mail may go: a move joins the unsent move mail of the same appointment, or waits the window. */
  const sendAt = async (recipientId: string): Promise<Date | undefined> => {
    if (kind !== 'appointment_moved' && kind !== 'appointment_cancelled') return undefined;
    const earlier = await withdrawPendingMoves(db, { appointmentId: input.row.id, recipientId, now: input.now });
    if (kind === 'appointment_cancelled') return undefined;
    return earlier ?? new Date(input.now.getTime() + (input.mailWindowMs ?? 0));
  };
  const sides = [
    { side: 'client', userId: client.id, forLawyer: false },
    { side: 'lawyer', userId: input.lawyer.id, forLawyer: true },
  ] as const;
  for (const { side, userId, forLawyer } of sides) {
    if (input.only && input.only !== side) continue;
    const at = await sendAt(userId);
    await enqueueMail(db, {
      kind,
      to: { userId },
      payload: { ...base, for_lawyer: forLawyer },
      now: input.now,
      ...(at ? { sendAt: at } : {}),
      // One reminder per version of the appointment, even when two runs race.
      ...(kind === 'appointment_reminder'
        ? { dedupeKey: `appointment-reminder:${input.row.id}:${input.row.sequence}:${side}` }
        : {}),
    });
  }
}

/**
 * Moves close together become one mail per person: the move mails of this appointment to this
 * person that the worker has not taken yet are withdrawn ('skipped', 'superseded'), and the new
 * one, with the latest time and the highest SEQUENCE, goes at the moment the first of them would
 * have gone (so at most the window after the first move). A cancellation withdraws them too:
 * nobody gets 'moved' after 'cancelled'. Returns that moment, or null when none was waiting.
 */
async function withdrawPendingMoves(
  db: Db,
  input: { appointmentId: string; recipientId: string; now: Date },
): Promise<Date | null> {
  const withdrawn = await db
    .update(outbox)
    .set({ status: 'skipped', payload: {}, lastError: 'superseded' })
    .where(
      and(
        eq(outbox.kind, 'appointment_moved'),
        eq(outbox.status, 'pending'),
        eq(outbox.recipientId, input.recipientId),
        sql`${outbox.payload}->>'appointment_id' = ${input.appointmentId}`,
        or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, input.now)),
      ),
    )
    .returning({ at: outbox.nextAttemptAt });
  if (withdrawn.length === 0) return null;
  return new Date(Math.min(...withdrawn.map((row) => row.at.getTime())));
}

/** The appointment, its case and a lawyer an event names (`data.appointment_id`, the lawyer by id). */
async function appointmentOf(tx: Db, appointmentId: string | null, caseId: string | null) {
  if (!appointmentId || !caseId) return null;
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
  const [caseRow] = await tx
    .select({ id: cases.id, clientId: cases.clientId, clientName: cases.clientName })
    .from(cases)
    .where(eq(cases.id, caseId));
  return row && caseRow ? { row, caseRow } : null;
}

async function lawyerOf(tx: Db, id: string | null): Promise<AppointmentLawyer | null> {
  if (!id) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, id));
  return user ? { id: user.id, fullName: nameOf(user), email: user.email } : null;
}

/**
 * One rule for the three changes of the appointment (`appointment.booked`, `.rescheduled`,
 * `.cancelled`): the event names the appointment and its lawyer (`data.lawyer_id`); a move to
 * another lawyer (a stand-in's day) also names the one before (`data.previous_lawyer_id`), whose
 * calendar drops it.
 */
const appointmentMails =
  (kind: 'appointment_booked' | 'appointment_moved' | 'appointment_cancelled'): MailRule =>
  async (tx, event, caseId, settings) => {
    const found = await appointmentOf(tx, str(event.data?.appointment_id), caseId);
    const lawyer = await lawyerOf(tx, str(event.data?.lawyer_id));
    if (!found || !lawyer) return;
    const { mailDigestMs, videoUrlTemplate } = settings();
    const common = { ...found, videoTemplate: videoUrlTemplate, now: event.at };
    await queueAppointmentMails(tx, kind, {
      ...common,
      lawyer,
      ...(kind === 'appointment_moved' ? { mailWindowMs: mailDigestMs } : {}),
    });
    const previous = kind === 'appointment_moved' ? await lawyerOf(tx, str(event.data?.previous_lawyer_id)) : null;
    if (previous)
      await queueAppointmentMails(tx, 'appointment_cancelled', { ...common, lawyer: previous, only: 'lawyer' });
  };

export const appointmentBookedMails = appointmentMails('appointment_booked');
export const appointmentMovedMails = appointmentMails('appointment_moved');
export const appointmentCancelledMails = appointmentMails('appointment_cancelled');

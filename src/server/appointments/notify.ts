import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../db/client';
import { outbox, users } from '../db/schema';
import { enqueueMail } from '../outbox/outbox';
import type { AppointmentMailPayload } from '../outbox/kinds';
import { modeOf, videoUrl } from './invite';
import type { AppointmentRow, BookingLawyer } from './queries';

type MailKindOfAppointment =
  'appointment_booked' | 'appointment_moved' | 'appointment_cancelled' | 'appointment_reminder';

/**
 * The mails of one change of the appointment, to the client and to its lawyer, written in the
 * change's transaction (the worker adds the calendar invite). Both get one: the invite must land
 * in both calendars, also the calendar of whoever made the change.
 */
export async function queueAppointmentMails(
  db: Db,
  kind: MailKindOfAppointment,
  input: {
    row: AppointmentRow;
    caseRow: { id: string; clientId: string; clientName: string };
    lawyer: BookingLawyer;
    videoTemplate: string | undefined;
    now: Date;
    only?: 'client' | 'lawyer';
    /** A move waits this long, so that further moves in the meantime go out with it as one mail. */
    mailWindowMs?: number;
  },
): Promise<void> {
  const [client] = await db.select().from(users).where(eq(users.id, input.caseRow.clientId));
  if (!client) return;
  const clientName = getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName });
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
  const dedupe =
    kind === 'appointment_reminder'
      ? (side: string) => `appointment-reminder:${input.row.id}:${input.row.sequence}:${side}`
      : () => undefined;
  /** When the mail may go: a move joins the unsent move mail of the same appointment, or waits the window. */
  const sendAt = async (recipientId: string): Promise<Date | undefined> => {
    if (kind !== 'appointment_moved' && kind !== 'appointment_cancelled') return undefined;
    const earlier = await withdrawPendingMoves(db, { appointmentId: input.row.id, recipientId, now: input.now });
    if (kind === 'appointment_cancelled') return undefined;
    return earlier ?? new Date(input.now.getTime() + (input.mailWindowMs ?? 0));
  };
  if (input.only !== 'lawyer') {
    const key = dedupe('client');
    const at = await sendAt(client.id);
    await enqueueMail(db, {
      kind,
      to: { userId: client.id },
      payload: { ...base, for_lawyer: false },
      now: input.now,
      ...(at ? { sendAt: at } : {}),
      ...(key ? { dedupeKey: key } : {}),
    });
  }
  if (input.only !== 'client') {
    const key = dedupe('lawyer');
    const at = await sendAt(input.lawyer.id);
    await enqueueMail(db, {
      kind,
      to: { userId: input.lawyer.id },
      payload: { ...base, for_lawyer: true },
      now: input.now,
      ...(at ? { sendAt: at } : {}),
      ...(key ? { dedupeKey: key } : {}),
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

import { eq } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../db/client';
import { users } from '../db/schema';
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
  if (input.only !== 'lawyer') {
    const key = dedupe('client');
    await enqueueMail(db, {
      kind,
      to: { userId: client.id },
      payload: { ...base, for_lawyer: false },
      now: input.now,
      ...(key ? { dedupeKey: key } : {}),
    });
  }
  if (input.only !== 'client') {
    const key = dedupe('lawyer');
    await enqueueMail(db, {
      kind,
      to: { userId: input.lawyer.id },
      payload: { ...base, for_lawyer: true },
      now: input.now,
      ...(key ? { dedupeKey: key } : {}),
    });
  }
}

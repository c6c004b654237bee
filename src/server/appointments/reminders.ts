import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { cases } from '../infra/db/schema';
import { findLawyer, listDueReminders, markReminderSent } from './queries';
import { queueAppointmentMails } from '../domain-events/appointment-mails';

/** The reminder goes out this long before the conversation starts. */
export const APPOINTMENT_REMINDER_MS = 24 * 3_600_000;
export const APPOINTMENT_REMINDER_LOCK_KEY = 7_160;

/**
 * One run of the reminder: each booked appointment starting within the next 24 hours that had
 * no reminder yet gets one mail to the client and one to the lawyer. A reschedule clears the
 * mark, so the new time is reminded too; the dedupe key (id and SEQUENCE) keeps it to one mail
 * per version even when two runs race. Returns the number of appointments reminded.
 */
export async function sendAppointmentReminders(
  db: Db,
  now: Date,
  videoTemplate: string | undefined,
  limit = 100,
): Promise<number> {
  const due = await listDueReminders(db, now, APPOINTMENT_REMINDER_MS, limit);
  let sent = 0;
  for (const row of due) {
    if (!(await markReminderSent(db, row.id, now))) continue;
    const [caseRow] = await db
      .select({ id: cases.id, clientId: cases.clientId, clientName: cases.clientName })
      .from(cases)
      .where(eq(cases.id, row.caseId));
    const lawyer = await findLawyer(db, row.lawyerId);
    if (!caseRow || !lawyer) continue;
    await queueAppointmentMails(db, 'appointment_reminder', { row, caseRow, lawyer, videoTemplate, now });
    sent += 1;
  }
  return sent;
}

/** Every 5 minutes, under an advisory lock (one instance at a time), like the other mail jobs. */
export function appointmentReminderJob(now: () => Date, videoTemplate: string | undefined, intervalMs = 5 * 60_000) {
  return {
    name: 'appointment-reminder',
    lockKey: APPOINTMENT_REMINDER_LOCK_KEY,
    intervalMs,
    run: (db: Db) => sendAppointmentReminders(db, now(), videoTemplate),
  };
}

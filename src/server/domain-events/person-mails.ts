import { and, eq, isNull } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { complaints, users } from '../infra/db/schema';
import { formatMailDate, formatMailMoment } from '../infra/outbox/dates';
import { enqueueMail } from '../infra/outbox/outbox';
import type { MailRule } from './mails';

/**
 * The mail rules of events about a person or the firm rather than a case (a complaint, a data
 * export, the complaints officer): they run like every other rule, in the event's transaction,
 * and find their readers themselves.
 */

const str = (value: unknown) => (typeof value === 'string' ? value : null);
/** '2026-12-25' → '25-12-2026', as mails state dates. */
const dutchDay = (isoDate: string) => formatMailDate(new Date(`${isoDate}T12:00:00Z`));

async function complaintOf(tx: Db, id: string) {
  const [row] = await tx
    .select({ clientId: complaints.clientId, answerBy: complaints.answerBy })
    .from(complaints)
    .where(eq(complaints.id, id));
  return row ?? null;
}

/**
 * A filed complaint: confirmed to the client in writing, with the date of the answer, and told to
 * the complaints officers.
 */
export const complaintFiledMails: MailRule = async (tx, event) => {
  const complaint = await complaintOf(tx, event.subjectId);
  if (!complaint) return;
  const answerBy = dutchDay(String(complaint.answerBy));
  await enqueueMail(tx, {
    kind: 'complaint_received',
    to: { userId: complaint.clientId },
    payload: { answer_by: answerBy },
    now: event.at,
  });
  const officers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.complaintsOfficer, true)));
  for (const officer of officers)
    await enqueueMail(tx, {
      kind: 'complaint_filed',
      to: { userId: officer.id },
      payload: { answer_by: answerBy },
      now: event.at,
    });
};

/** The officer's answer closed the complaint: the client hears it, and which body they may turn to within how long. */
export const complaintAnsweredMail: MailRule = async (tx, event) => {
  const complaint = await complaintOf(tx, event.subjectId);
  const bodyName = str(event.data?.body_name);
  const months = event.data?.body_months;
  if (!complaint || bodyName === null || typeof months !== 'number') return;
  await enqueueMail(tx, {
    kind: 'complaint_answered',
    to: { userId: complaint.clientId },
    payload: { body_name: bodyName, months },
    now: event.at,
  });
};

/** The client's export was built: only until when its link works, never its content. Once per export. */
export const dataExportReadyMail: MailRule = async (tx, event) => {
  const until = str(event.data?.until);
  const exportId = str(event.data?.export_id);
  if (!until || !exportId) return;
  await enqueueMail(tx, {
    kind: 'data_export_ready',
    to: { userId: event.subjectId },
    payload: { until: formatMailMoment(new Date(until)) },
    now: event.at,
    dedupeKey: `data-export:${exportId}`,
  });
};

const nameOf = (row: { name: string | null; infix: string | null; lastName: string | null; email: string }) =>
  getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName }) || row.email;

/**
 * An admin (or the command line) appointed or removed the complaints officer: every admin is
 * told, the one who did it too.
 */
export const complaintsOfficerMails: MailRule = async (tx, event) => {
  const [officer] = await tx.select().from(users).where(eq(users.id, event.subjectId));
  if (!officer) return;
  const [actor] = event.actorId ? await tx.select().from(users).where(eq(users.id, event.actorId)) : [];
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
  const payload = {
    officer_name: nameOf(officer),
    appointed: event.data?.complaints_officer === true,
    by_name: actor ? nameOf(actor) : '',
  };
  for (const admin of admins)
    await enqueueMail(tx, { kind: 'complaints_officer_changed', to: { userId: admin.id }, payload, now: event.at });
};

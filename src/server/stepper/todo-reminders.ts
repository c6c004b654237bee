import { and, asc, eq, sql } from 'drizzle-orm';
import { getClientTodos } from '../../contract/rules/client-todos';
import type { StatusSlug } from '../../contract/statuses';
import type { Db } from '../infra/db/client';
import { cases, documents, users } from '../infra/db/schema';
import { queryRows, ts } from '../infra/db/sql';
import { getQuestionsWithAnswers } from '../cases/views';
import { enqueueMail } from '../infra/outbox/outbox';

const DAY_MS = 86_400_000;
/** A reminder goes out after this long without progress on the case, and at most once per this period. */
export const TODO_REMINDER_IDLE_MS = 7 * DAY_MS;
export const TODO_REMINDER_LOCK_KEY = 7_021;

/**
 * The week a reminder belongs to (whole 7-day periods since the epoch): the dedupe key
 * `todo-reminder:<case>:<period>` makes a second reminder in the same period a no-op, also
 * when two instances (or two runs) race.
 */
export const reminderPeriod = (now: Date) => Math.floor(now.getTime() / TODO_REMINDER_IDLE_MS);

/**
 * Cases whose client may need a reminder: not completed, nothing happened on the case for 7
 * days (the case row, its documents, its timeline, the client's profile and answers), and no
 * reminder to that client in the last 7 days. Ordered by case id, after `after` (a cursor, so
 * cases without to-dos do not keep the same batch busy run after run).
 */
async function listIdleCases(db: Db, now: Date, after: string, limit: number) {
  const cutoff = ts(new Date(now.getTime() - TODO_REMINDER_IDLE_MS));
  // The last reminder, if any, is of this period or the one before (by its dedupe key, indexed).
  const period = reminderPeriod(now);
  const reminderKey = (p: number) => sql`'todo-reminder:' || c.id || ':' || ${String(p)}::text`;
  const lastKeys = sql`${reminderKey(period)}, ${reminderKey(period - 1)}`;
  return queryRows<{ id: string; client_id: string }>(
    db,
    sql`SELECT c.id, c.client_id FROM ${cases} c JOIN ${users} u ON u.id = c.client_id
        WHERE c.status_slug <> 'completed' AND c.id > ${after}::uuid
          AND c.last_update_at <= ${cutoff} AND c.created_at <= ${cutoff} AND u.updated_at <= ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM ${documents} d WHERE d.case_id = c.id
                          AND (d.created_at > ${cutoff} OR d.uploaded_at > ${cutoff} OR d.reviewed_at > ${cutoff}))
          AND NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.case_id = c.id AND a.created_at > ${cutoff})
          AND NOT EXISTS (SELECT 1 FROM answers an WHERE an.owner_id = c.client_id AND an.updated_at > ${cutoff})
          AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.dedupe_key IN (${lastKeys})
                          AND o.created_at > ${cutoff})
        ORDER BY c.id LIMIT ${limit}`,
  );
}

/** The client's open to-dos, by the same rule as the dashboard ('Wat moet ik nog doen?'). */
async function countTodos(db: Db, caseId: string, clientId: string): Promise<number> {
  const [row] = await db
    .select({ c: cases, u: users })
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(and(eq(cases.id, caseId), eq(cases.clientId, clientId)));
  if (!row) return 0;
  const { c, u } = row;
  const docs = await db
    .select({
      id: documents.id,
      title: documents.title,
      mandatory: documents.mandatory,
      status: documents.status,
      visible: documents.visible,
      message: documents.message,
    })
    .from(documents)
    .where(eq(documents.caseId, caseId))
    .orderBy(asc(documents.createdAt));
  const questions = await getQuestionsWithAnswers(db, 'client', clientId);
  return getClientTodos({
    status: c.statusSlug as StatusSlug,
    proposal_signed_at: c.proposalSignedAt?.toISOString() ?? null,
    proposal_document_id: c.proposalDocumentId,
    documents: docs,
    questions,
    profile: {
      name: u.name,
      last_name: u.lastName,
      phone_number: u.phoneNumber,
      street: u.street,
      house_number: u.houseNumber,
      postcode: u.postcode,
      city: u.city,
    },
    company: {
      company_house_number: c.companyHouseNumber,
      company_postcode: c.companyPostcode,
      company_city: c.companyCity,
      contact_email: c.contactEmail,
      contact_phone_number: c.contactPhoneNumber,
    },
  }).length;
}

/**
 * One run of the to-do reminder: each client with open to-dos on a case where nothing
 * happened for 7 days gets one reminder (kind `todo_reminder`, a digest kind the client can
 * turn off under 'Instellingen'); at most one per 7 days, never twice in one period.
 * Returns the number of reminders written and the cursor for the next run ('' = start over).
 */
export async function sendTodoReminders(
  db: Db,
  now: Date,
  options: { after?: string; limit?: number } = {},
): Promise<{ sent: number; next: string }> {
  const limit = options.limit ?? 200;
  const idle = await listIdleCases(db, now, options.after || '00000000-0000-0000-0000-000000000000', limit);
  let sent = 0;
  for (const row of idle) {
    const count = await countTodos(db, row.id, row.client_id);
    if (count === 0) continue;
    const queued = await enqueueMail(db, {
      kind: 'todo_reminder',
      to: { userId: row.client_id },
      payload: { count },
      now,
      dedupeKey: `todo-reminder:${row.id}:${reminderPeriod(now)}`,
    });
    if (queued) sent += 1;
  }
  const last = idle[idle.length - 1];
  return { sent, next: idle.length === limit && last ? last.id : '' };
}

/**
 * The reminder as a scheduler job (main.ts): hourly, under an advisory lock, so one instance
 * runs it at a time; the dedupe key keeps it at one mail per period even so. The cursor walks
 * through all idle cases over successive runs, `limit` cases per run.
 */
export function todoReminderJob(now: () => Date, intervalMs = 3_600_000, limit = 200) {
  let after = '';
  return {
    name: 'todo-reminder',
    lockKey: TODO_REMINDER_LOCK_KEY,
    intervalMs,
    run: async (db: Db) => {
      const result = await sendTodoReminders(db, now(), { after, limit });
      after = result.next;
      return result.sent;
    },
  };
}

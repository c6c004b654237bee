import { sql } from 'drizzle-orm';
import { MESSAGE_MAIL_DELAY_MS } from '../../contract/messages';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases, messages, users } from '../infra/db/schema';
import { queryRows, ts } from '../infra/db/sql';
import { enqueueMail } from '../infra/outbox/outbox';

export const UNREAD_MESSAGE_MAIL_LOCK_KEY = 7_014;
/** The Dutch subject of the mail (kind `message_unread`, texts under notifications.mail in the translation files). */
export const UNREAD_MESSAGE_SUBJECT = 'Je hebt een nieuw bericht in je portaal';

/**
 * Messages still unread 5 minutes after they were sent give the other side one mail per
 * person per run (a lawyer with several waiting messages gets one). Each message is mailed
 * about once: it is marked in the same statement that picks it (SKIP LOCKED for several instances).
 */
export async function sendUnreadMessageMails(db: Db, now: Date, batch = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - MESSAGE_MAIL_DELAY_MS);
  const clients = sql`JOIN ${cases} c ON c.id = due.case_id JOIN ${users} u ON u.id = c.client_id`;
  const lawyers = sql`JOIN ${caseLawyers} cl ON cl.case_id = due.case_id JOIN ${users} u ON u.id = cl.lawyer_id`;
  const rows = await queryRows<{ user_id: string; case_id: string; role: string }>(
    db,
    sql`WITH due AS (
          UPDATE ${messages} SET notified_at = ${ts(now)}
          WHERE id IN (
            SELECT id FROM ${messages}
            WHERE read_at IS NULL AND notified_at IS NULL AND created_at <= ${ts(cutoff)}
            ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING case_id, author_role)
        SELECT u.id AS user_id, due.case_id, u.role FROM due ${clients} WHERE due.author_role = 'lawyer'
        UNION ALL
        SELECT u.id AS user_id, due.case_id, u.role FROM due ${lawyers} WHERE due.author_role = 'client'`,
  );
  // One mail per person per run (the outbox row is written in this job's transaction).
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.user_id)) continue;
    seen.add(row.user_id);
    await enqueueMail(db, {
      kind: 'message_unread',
      to: { userId: row.user_id },
      payload: { case_id: row.case_id, for_lawyer: row.role === 'lawyer' },
      now,
    });
  }
  return seen.size;
}

/** Checks every minute, so a mail goes out between 5 and 6 minutes after an unread message. */
export function unreadMessageMailJob(now: () => Date, intervalMs = 60_000) {
  return {
    name: 'unread-message-mail',
    lockKey: UNREAD_MESSAGE_MAIL_LOCK_KEY,
    intervalMs,
    run: (db: Db) => sendUnreadMessageMails(db, now()),
  };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxListItem = {
  id: string;
  kind: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  to: string;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date;
  lastError: string | null;
};

/** `kees@example.com` → `k***@example.com`: enough for an operator to recognise, no more. */
export const maskAddress = (address: string) => address.replace(/^(.)[^@]*/, '$1***');

/** Pending and failed mails, oldest first, without their content. */
export async function listOpenMails(db: Db, limit = 500, offset = 0): Promise<OutboxListItem[]> {
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      to: outbox.toAddress,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'failed']))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, to: maskAddress(r.to) }));
}

/** The status of one mail, or null for an unknown id (also for a string that is not a uuid). */
export async function findMailStatus(db: Db, id: string): Promise<OutboxListItem['status'] | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  return row?.status ?? null;
}

/**
 * Sends a pending or failed mail again at once: due now, one more attempt (a failed mail whose
 * 48 hours are over fails again after that one attempt). Returns false when no such mail is open
 * (or its payload was cleaned up).
 */
export async function retryMail(db: Db, id: string, now: Date): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const updated = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now, leaseUntil: null, digest: sql`false` })
    // A row whose payload the clean-up emptied (outbox/cleanup.ts) has nothing left to send.
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'failed']), sql`${outbox.payload} <> '{}'::jsonb`))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

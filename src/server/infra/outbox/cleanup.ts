import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { queryRows, ts } from '../db/sql';

const DAY_MS = 86_400_000;

/**
 * How long outbox rows live (docs/decisions/012-mail-outbox.md, "Clean-up"):
 * - a sent or skipped row's payload is emptied when it is done (worker.ts); a login or
 *   e-mail-change code that was never sent loses its payload at its expiry (10 minutes);
 * - a failed row keeps its payload 30 days, so an operator can retry it, then loses it;
 * - the rows written for unknown addresses at login (enqueueNothing) go after 1 day;
 * - every other sent, skipped or failed row goes 90 days after it was written (long enough
 *   for the dedupe keys of reminders and deletion notices, and for an operator's questions).
 */
export const OUTBOX_RETENTION = {
  failedPayloadDays: 30,
  unknownAddressDays: 1,
  doneRowDays: 90,
} as const;

export const OUTBOX_CLEANUP_LOCK_KEY = 7_023;

export type CleanupResult = { payloadsCleared: number; rowsDeleted: number };

/** One clean-up pass, in batches of `batch` rows per statement (the job runs hourly). */
export async function cleanOutbox(db: Db, now: Date, batch = 5_000): Promise<CleanupResult> {
  const at = (days: number) => ts(new Date(now.getTime() - days * DAY_MS));
  const cleared = await queryRows<{ id: string }>(
    db,
    sql`UPDATE ${outbox} SET payload = '{}'::jsonb,
          status = CASE WHEN status = 'pending' THEN 'skipped' ELSE status END,
          last_error = CASE WHEN status = 'pending' THEN 'expired' ELSE last_error END,
          lease_until = CASE WHEN status = 'pending' THEN NULL ELSE lease_until END
        WHERE id IN (
          SELECT id FROM ${outbox}
          WHERE payload <> '{}'::jsonb AND (
            status IN ('sent', 'skipped')
            OR (expires_at IS NOT NULL AND expires_at <= ${ts(now)} AND status IN ('pending', 'failed'))
            OR (status = 'failed' AND created_at <= ${at(OUTBOX_RETENTION.failedPayloadDays)}))
          LIMIT ${batch})
        RETURNING id`,
  );
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM ${outbox} WHERE id IN (
          SELECT id FROM ${outbox}
          WHERE (status = 'skipped' AND to_address = '' AND created_at <= ${at(OUTBOX_RETENTION.unknownAddressDays)})
             OR (status IN ('sent', 'skipped', 'failed') AND created_at <= ${at(OUTBOX_RETENTION.doneRowDays)})
          LIMIT ${batch})
        RETURNING id`,
  );
  return { payloadsCleared: cleared.length, rowsDeleted: deleted.length };
}

/** The clean-up as a scheduler job (main.ts), hourly under its advisory lock. */
export function outboxCleanupJob(now: () => Date, intervalMs = 3_600_000) {
  return {
    name: 'outbox-cleanup',
    lockKey: OUTBOX_CLEANUP_LOCK_KEY,
    intervalMs,
    run: (db: Db) => cleanOutbox(db, now()),
  };
}

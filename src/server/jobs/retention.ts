import { settlementFileKeys } from '../settlement/export';
import { exportFileKeys } from '../data-export/queries';
import { complaintFileKeys } from '../complaints/queries';
import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cases, documents, outbox, users } from '../db/schema';
import { emit } from '../domain-events';
import { scrubCaseAudit } from '../audit/scrub';
import { enqueueMail } from '../outbox/outbox';
import { formatMailDate } from '../outbox/dates';
import type { Storage } from '../storage/storage';
import { getDeletionDate, getRetentionCutoff } from '../../contract/rules/case-route';

export const DELETION_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;
/** 12-05-2027: the deletion date as the mail shows it, dd-mm-yyyy in Europe/Amsterdam in both languages. */
export const formatNoticeDate = (date: Date) => formatMailDate(date);

/**
 * The notice 30 days before deletion: each completed case not on legal hold whose deletion is
 * at most 30 days away gets one `deletion_upcoming` mail to its client (dedupe key
 * `deletion-30:<case>`, so hourly runs and several instances write it once). A case that
 * reaches the window late (completed with an old date, hold lifted) gets it at once, with
 * its real date. Returns the number of notices written.
 */
export async function sendDeletionNotices(db: Db, now: Date, batch = 200): Promise<number> {
  const windowStart = getRetentionCutoff(new Date(now.getTime() + DELETION_NOTICE_DAYS * DAY_MS));
  const due = await db
    .select({ caseId: cases.id, clientId: cases.clientId, completedAt: cases.completedAt })
    .from(cases)
    .where(
      and(
        eq(cases.statusSlug, 'completed'),
        eq(cases.legalHold, false),
        isNotNull(cases.completedAt),
        lte(cases.completedAt, windowStart),
        gt(cases.completedAt, getRetentionCutoff(now)),
        sql`NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.dedupeKey} = 'deletion-30:' || ${cases.id})`,
      ),
    )
    .limit(batch);
  let written = 0;
  for (const row of due) {
    if (!row.completedAt) continue;
    const date = formatNoticeDate(getDeletionDate(row.completedAt));
    if (
      await enqueueMail(db, {
        kind: 'deletion_upcoming',
        to: { userId: row.clientId },
        payload: { date },
        now,
        dedupeKey: `deletion-30:${row.caseId}`,
      })
    )
      written += 1;
  }
  return written;
}

/**
 * Deletes each client account (personal data, case, documents, complaints, files and tokens) whose case
 * reached completed more than 6 months ago and is not on legal hold. Keeps an audit line
 * without personal data. Returns the number of accounts deleted. Runs hourly in small batches:
 * on the embedded database a job holds the only connection, so a large batch would stall requests.
 */
export async function purgeExpiredAccounts(db: Db, storage: Storage, now: Date, batch = 20): Promise<number> {
  const expired = await db
    .select({ caseId: cases.id, clientId: cases.clientId, completedAt: cases.completedAt })
    .from(cases)
    .where(
      and(
        isNotNull(cases.completedAt),
        lte(cases.completedAt, getRetentionCutoff(now)),
        eq(cases.legalHold, false),
        eq(cases.statusSlug, 'completed'),
      ),
    )
    .limit(batch);
  for (const row of expired) {
    const files = await db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.caseId, row.caseId), isNotNull(documents.storageKey)));
    // The settlement agreement's files (versions and the signed copy) go with the case too.
    const settlementFiles = await settlementFileKeys(db, row.caseId);
    // A data export still within its 24 hours: its zip holds everything above.
    const exportFiles = await exportFileKeys(db, row.clientId);
    // The documents attached to the client's complaints (their rows go with the account).
    const complaintFiles = await complaintFileKeys(db, row.clientId);
    const [client] = await db
      .select({ avatarKey: users.avatarKey, email: users.email, language: users.language, name: users.name })
      .from(users)
      .where(eq(users.id, row.clientId));
    // The notice on the day, in this transaction: written exactly when the account goes. The
    // address is copied into the row (the user row is gone by the time it is sent).
    if (client) {
      await enqueueMail(db, {
        kind: 'deletion_today',
        to: { address: client.email, language: client.language, name: client.name },
        payload: {},
        now,
        dedupeKey: `deletion-today:${row.caseId}`,
      });
    }
    // Audit lines outlive the case: strip titles, messages and other personal data from them.
    await scrubCaseAudit(db, { caseId: row.caseId, clientId: row.clientId });
    // Deleting the user cascades to the case, documents, tokens, codes, answers and feedback.
    await db.delete(users).where(inArray(users.id, [row.clientId]));
    await emit(db, {
      actorId: null,
      action: 'retention.account_deleted',
      subjectType: 'case',
      subjectId: row.caseId,
      data: { completed_at: row.completedAt?.toISOString() ?? null, documents_removed: files.length },
      at: now,
    });
    for (const file of files) if (file.key) await storage.remove(file.key).catch(() => undefined);
    for (const key of settlementFiles) await storage.remove(key).catch(() => undefined);
    for (const key of exportFiles) await storage.remove(key).catch(() => undefined);
    for (const key of complaintFiles) await storage.remove(key).catch(() => undefined);
    if (client?.avatarKey) await storage.remove(`avatars/${client.avatarKey}`).catch(() => undefined);
  }
  return expired.length;
}

/** Advisory-lock key of the retention job (jobs/scheduler.ts). */
export const RETENTION_LOCK_KEY = 7_001;

/** Hourly (main.ts): first the 30-day notices, then the deletions (each with its notice of the day). */
export function retentionJob(storage: Storage, now: () => Date, intervalMs = 3_600_000) {
  return {
    name: 'retention-purge',
    lockKey: RETENTION_LOCK_KEY,
    intervalMs,
    run: async (db: Db) => {
      const at = now();
      await sendDeletionNotices(db, at);
      return purgeExpiredAccounts(db, storage, at);
    },
  };
}

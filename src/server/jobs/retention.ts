import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cases, documents, users } from '../db/schema';
import { recordAudit } from '../audit/queries';
import type { Storage } from '../storage/storage';

export const RETENTION_MONTHS = 6;

export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff;
}

/**
 * Deletes each client account (personal data, case, documents, files and tokens) whose case
 * reached completed more than 6 months ago and is not on legal hold. Keeps an audit line
 * without personal data. Returns the number of accounts deleted. Runs hourly in small batches:
 * on the embedded database a job holds the only connection, so a large batch would stall requests.
 */
export async function purgeExpiredAccounts(db: Db, storage: Storage, now: Date, batch = 20): Promise<number> {
  const expired = await db
    .select({ caseId: cases.id, clientId: cases.clientId, completedAt: cases.completedAt })
    .from(cases)
    .where(and(isNotNull(cases.completedAt), lte(cases.completedAt, retentionCutoff(now)), eq(cases.legalHold, false), eq(cases.statusSlug, 'completed')))
    .limit(batch);
  for (const row of expired) {
    const files = await db.select({ key: documents.storageKey }).from(documents).where(and(eq(documents.caseId, row.caseId), isNotNull(documents.storageKey)));
    const [client] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, row.clientId));
    // Deleting the user cascades to the case, documents, tokens, codes, answers and feedback.
    await db.delete(users).where(inArray(users.id, [row.clientId]));
    await recordAudit(db, {
      actorId: null,
      action: 'retention.account_deleted',
      subjectType: 'case',
      subjectId: row.caseId,
      data: { completed_at: row.completedAt?.toISOString() ?? null, documents_removed: files.length },
      at: now,
    });
    for (const file of files) if (file.key) await storage.remove(file.key).catch(() => undefined);
    if (client?.avatarKey) await storage.remove(`avatars/${client.avatarKey}`).catch(() => undefined);
  }
  return expired.length;
}

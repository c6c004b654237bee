import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { settlementVersions } from '../infra/db/schema';
import { textWorkers, type TextWorkerLimits, type TextWorkers } from './text-jobs';
import { redlineOf } from './version-text';

export const SETTLEMENT_REDLINE_LOCK_KEY = 7_190;

/**
 * Computes the redlines still missing: of versions stored before redlines were kept (migration
 * 0023), and of a version whose redline went stale because another was added while it was being
 * computed (changes.ts). At most `batch` per run, oldest first, each in the text worker. A GET
 * never computes one: until this job has run it answers `pending`.
 */
export async function fillMissingRedlines(db: Db, workers: TextWorkers = textWorkers(), batch = 20): Promise<number> {
  const rows = await db
    .select({
      id: settlementVersions.id,
      caseId: settlementVersions.caseId,
      number: settlementVersions.number,
      text: settlementVersions.text,
    })
    .from(settlementVersions)
    .where(isNull(settlementVersions.redline))
    .orderBy(asc(settlementVersions.createdAt))
    .limit(batch);
  for (const row of rows) {
    const [previous] = await db
      .select({ text: settlementVersions.text })
      .from(settlementVersions)
      .where(and(eq(settlementVersions.caseId, row.caseId), lt(settlementVersions.number, row.number)))
      .orderBy(desc(settlementVersions.number))
      .limit(1);
    const redline = await redlineOf(previous?.text ?? null, row.text, workers);
    await db
      .update(settlementVersions)
      .set({ redline })
      .where(and(eq(settlementVersions.id, row.id), isNull(settlementVersions.redline)));
  }
  return rows.length;
}

/**
 * Every minute (main.ts), in the text workers of the configured limits. Not under a lock that holds a
 * transaction open while the worker runs: two instances that compute the same redline write the same
 * thing, and only into an empty one.
 */
export function settlementRedlineJob(limits: Partial<TextWorkerLimits> = {}, intervalMs = 60_000) {
  return {
    name: 'settlement-redlines',
    lockKey: SETTLEMENT_REDLINE_LOCK_KEY,
    intervalMs,
    exclusive: false,
    run: (db: Db) => fillMissingRedlines(db, textWorkers(limits)),
  };
}

import { eq } from 'drizzle-orm';
import {
  CASE_ARCHIVED_ERROR,
  CASE_LOCK_ERRORS,
  isCaseLocked,
  type CaseChange,
  type CaseWrite,
} from '../../contract/rules/case-lock';
import type { StatusSlug } from '../../contract/statuses';
import type { Db } from '../infra/db/client';
import { cases } from '../infra/db/schema';
import { AppError } from '../infra/errors/errors';
import type { CaseRow } from './access';

/**
 * The locked-case guard of every write route (contract/rules/case-lock.ts): a case from
 * 'Klaar voor facturatie' on takes no change to its documents, settlement or appointment, from
 * 'Voltooid' on no message either, and an archived case no change at all. 409 with the
 * translated text of the kind, or of the archive.
 */
export function refuseClosedCase(caseRow: Pick<CaseRow, 'statusSlug' | 'archivedAt'>, change: CaseWrite): void {
  const archived = caseRow.archivedAt !== null;
  if (!isCaseLocked(caseRow.statusSlug as StatusSlug, change, archived)) return;
  if (archived || change === 'any') throw new AppError('conflict', CASE_ARCHIVED_ERROR);
  throw new AppError('conflict', CASE_LOCK_ERRORS[change]);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access check's part of the guard (cases/access.ts): on an archived case every request that
 * would change it answers 409, after the access check (so 404 still comes first).
 */
export function refuseLockedWrite(method: string, caseRow: Pick<CaseRow, 'statusSlug' | 'archivedAt'>): void {
  if (!READS.has(method)) refuseClosedCase(caseRow, 'any');
}

/**
 * The same guard under the case's row lock, inside the change's own transaction: a status change
 * to a closed phase made meanwhile waits for this transaction or is seen by it, so no change slips
 * past it in parallel. Returns the locked case row (null when the case is gone).
 */
export async function lockOpenCase(tx: Db, caseId: string, change: CaseChange): Promise<CaseRow | null> {
  const [row] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update');
  if (row) refuseClosedCase(row, change);
  return row ?? null;
}

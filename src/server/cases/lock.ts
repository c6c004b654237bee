import { eq } from 'drizzle-orm';
import { CASE_LOCK_ERRORS, isCaseLocked, type CaseChange } from '../../contract/rules/case-lock';
import type { StatusSlug } from '../../contract/statuses';
import type { Db } from '../db/client';
import { cases } from '../db/schema';
import { AppError } from '../errors/errors';
import type { CaseRow } from './access';

/**
 * The closed-case guard of every write route (contract/rules/case-lock.ts): a case from
 * 'Klaar voor facturatie' on takes no change to its documents, settlement or appointment, and
 * from 'Voltooid' on no message either. 409 with the kind's translated text.
 */
export function refuseClosedCase(caseRow: Pick<CaseRow, 'statusSlug'>, change: CaseChange): void {
  if (isCaseLocked(caseRow.statusSlug as StatusSlug, change)) throw new AppError('conflict', CASE_LOCK_ERRORS[change]);
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

import { and, eq } from 'drizzle-orm';
import { classifyStatusChange } from '../../contract/rules/status-dropdown';
import type { StatusSlug } from '../../contract/statuses';
import { recordAudit } from '../audit/queries';
import type { Db } from '../db/client';
import { cases } from '../db/schema';
import type { CaseRow } from './access';
import { missingFinalizationAnswers } from '../finalization/queries';

export type StatusChangeResult = { ok: true; caseRow: CaseRow } | { ok: false; error: string };

const AUDIT_ACTION = { dropdown: 'case.status_changed', finish: 'case.finished', reactivate: 'case.reactivated', complete: 'case.completed' } as const;

/**
 * Changes a case's status as its lawyer: only the transitions of the status-dropdown rule,
 * finishing, reactivating and completing. One conditional UPDATE (the status must still be
 * the one the decision was made on), plus the audit line, in one transaction.
 */
export async function changeCaseStatus(db: Db, input: { caseRow: CaseRow; to: StatusSlug; actorId: string; now: Date }): Promise<StatusChangeResult> {
  const from = input.caseRow.statusSlug as StatusSlug;
  const kind = classifyStatusChange(input.caseRow.offer, from, input.to);
  if (!kind) return { ok: false, error: 'Deze statuswijziging is niet toegestaan.' };
  if (kind === 'finish' && (await missingFinalizationAnswers(db, input.caseRow.id)) > 0) return { ok: false, error: 'Alle velden moeten ingevuld zijn.' };
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cases)
      .set({
        statusSlug: input.to,
        lastUpdateAt: input.now,
        completedAt: input.to === 'completed' ? input.now : null,
      })
      .where(and(eq(cases.id, input.caseRow.id), eq(cases.statusSlug, from)))
      .returning();
    if (!updated) return { ok: false as const, error: 'De status is intussen gewijzigd.' };
    await recordAudit(tx, {
      actorId: input.actorId,
      action: AUDIT_ACTION[kind],
      subjectType: 'case',
      subjectId: input.caseRow.id,
      data: { from, to: input.to },
      at: input.now,
    });
    return { ok: true as const, caseRow: updated };
  });
}

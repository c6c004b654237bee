import { and, eq } from 'drizzle-orm';
import {
  getNextStatus,
  isOpenMandatoryDocument,
  type CaseEvent,
  type CaseFacts,
} from '../../contract/rules/case-route';
import { classifyStatusChange } from '../../contract/rules/status-dropdown';
import { getFormCompleteness } from '../../contract/rules/stepper';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import { emit, withEvents } from '../domain-events';
import type { CaseRow } from '../cases/access';
import type { Db } from '../infra/db/client';
import { AppError } from '../infra/errors/errors';
import { cases, documents, users } from '../infra/db/schema';
import { missingFinalizationAnswers } from '../finalization/queries';

/**
 * The workflow module: the only writer of a case's
 * status. Automatic moves follow the contract rule `getNextStatus` and run inside the
 * transaction of the event that caused them; the lawyer's own changes go through
 * `changeCaseStatus`. Every change leaves an audit line with `data: {from, to}`.
 */

export type StatusMove = { from: StatusSlug; to: StatusSlug };

/** What the route rule needs to know about a case, read inside the caller's transaction. */
export async function readCaseFacts(tx: Db, caseRow: CaseRow): Promise<CaseFacts> {
  const [[client], docs] = await Promise.all([
    tx.select().from(users).where(eq(users.id, caseRow.clientId)),
    tx
      .select({ mandatory: documents.mandatory, status: documents.status })
      .from(documents)
      .where(eq(documents.caseId, caseRow.id)),
  ]);
  return {
    ...getFormCompleteness(client, caseRow),
    openMandatoryDocuments: docs.filter(isOpenMandatoryDocument).length,
  };
}

const EVENT_NAMES: Record<CaseEvent['type'], string> = {
  'data-updated': 'data.updated',
  'offer-chosen': 'case.offer_changed',
  'proposal-sent': 'proposal.sent',
  'proposal-signed': 'proposal.signed',
  'document-uploaded': 'document.uploaded',
  'document-rejected': 'document.rejected',
  'document-deleted': 'document.deleted',
  'engagement-withdrawn': 'proposal.withdrawn',
  'settlement-version-added': 'settlement.version_added',
  'settlement-final': 'settlement.version_final',
  'settlement-check-approved': 'settlement.check_approved',
};

/**
 * Applies the route rule after `event` happened to the case, in the caller's transaction:
 * locks the case row, reads the facts, moves the status when the rule says so and records
 * `case.status_changed` with the user who caused it. Returns the move, or null.
 */
export async function applyCaseEvent(
  tx: Db,
  input: { caseId: string; event: CaseEvent; actorId: string | null; now: Date },
): Promise<StatusMove | null> {
  const [caseRow] = await tx.select().from(cases).where(eq(cases.id, input.caseId)).for('update');
  if (!caseRow) return null;
  const from = caseRow.statusSlug as StatusSlug;
  const facts = await readCaseFacts(tx, caseRow);
  const next = getNextStatus(from, input.event, facts);
  const to = next && next !== from ? next : null;
  const stamps = milestoneStamps(caseRow, facts, to ?? from, input.now);
  if (!to) {
    if (Object.keys(stamps).length > 0) await tx.update(cases).set(stamps).where(eq(cases.id, caseRow.id));
    return null;
  }
  await tx
    .update(cases)
    .set({ statusSlug: to, lastUpdateAt: input.now, ...stamps })
    .where(eq(cases.id, caseRow.id));
  await emit(tx, {
    actorId: input.actorId,
    action: 'case.status_changed',
    subjectType: 'case',
    subjectId: caseRow.id,
    caseId: caseRow.id,
    data: { from, to, cause: EVENT_NAMES[input.event.type] },
    at: input.now,
  });
  return { from, to };
}

/**
 * The steps of the client's route this event completed for the first time (the firm's view,
 * server/insight): personal data, employer data, and the mandatory documents of a signed case.
 * A step keeps its first moment: data emptied or a document rejected later does not move it.
 */
function milestoneStamps(
  caseRow: CaseRow,
  facts: CaseFacts,
  phase: StatusSlug,
  now: Date,
): Partial<Pick<CaseRow, 'profileCompletedAt' | 'companyCompletedAt' | 'documentsCompletedAt'>> {
  const stamps: Partial<Pick<CaseRow, 'profileCompletedAt' | 'companyCompletedAt' | 'documentsCompletedAt'>> = {};
  if (facts.profileComplete && !caseRow.profileCompletedAt) stamps.profileCompletedAt = now;
  if (facts.companyComplete && !caseRow.companyCompletedAt) stamps.companyCompletedAt = now;
  const signed = getStatus(phase).order > getStatus('proposal').order;
  if (signed && facts.openMandatoryDocuments === 0 && !caseRow.documentsCompletedAt) stamps.documentsCompletedAt = now;
  return stamps;
}

/** Applies an event to the client's case (profile saves): a lawyer's or case-less user's save changes nothing. */
export async function applyClientEvent(
  tx: Db,
  input: { clientId: string; event: CaseEvent; actorId: string; now: Date },
): Promise<StatusMove | null> {
  const [row] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.clientId, input.clientId));
  if (!row) return null;
  return applyCaseEvent(tx, { caseId: row.id, event: input.event, actorId: input.actorId, now: input.now });
}

const AUDIT_ACTION = {
  dropdown: 'case.status_changed',
  finish: 'case.finished',
  reactivate: 'case.reactivated',
  complete: 'case.completed',
} as const;

/**
 * Changes a case's status as its lawyer: only the transitions of the status-dropdown rule,
 * finishing, reactivating and completing ('Factuur voldaan'). One conditional UPDATE (the
 * status must still be the one the decision was made on), plus the audit line, in one
 * transaction. Completing sets completed_at, which starts the 6-month deletion clock. A change
 * that is not allowed (or lost to a parallel one) is a 409 with a translated reason.
 */
export async function changeCaseStatus(
  db: Db,
  input: { caseRow: CaseRow; to: StatusSlug; actorId: string; now: Date },
): Promise<CaseRow> {
  const from = input.caseRow.statusSlug as StatusSlug;
  const kind = classifyStatusChange(input.caseRow.offer, from, input.to);
  if (!kind) throw new AppError('conflict', 'errors.workflow.statusNotAllowed');
  if (kind === 'finish' && (await missingFinalizationAnswers(db, input.caseRow.id)) > 0)
    throw new AppError('conflict', 'errors.workflow.finalizationMissing');
  return withEvents(db, async (tx) => {
    const [updated] = await tx
      .update(cases)
      .set({
        statusSlug: input.to,
        lastUpdateAt: input.now,
        completedAt: input.to === 'completed' ? input.now : null,
      })
      .where(and(eq(cases.id, input.caseRow.id), eq(cases.statusSlug, from)))
      .returning();
    if (!updated) throw new AppError('conflict', 'errors.workflow.statusChanged');
    await emit(tx, {
      actorId: input.actorId,
      action: AUDIT_ACTION[kind],
      subjectType: 'case',
      subjectId: input.caseRow.id,
      caseId: input.caseRow.id,
      data: { from, to: input.to },
      at: input.now,
    });
    return updated;
  });
}

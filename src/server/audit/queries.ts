import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { notifyAudit } from '../outbox/notify';

/**
 * One audit line. `caseId` puts it on that case's timeline (GET /api/cases/{id}/timeline);
 * the action names are those of the shared list (COMMON interfaces): case.status_changed,
 * case.finished, case.reactivated, case.completed, case.offer_changed, proposal.sent,
 * proposal.signed, document.uploaded, document.deleted, document.approved, …
 */
export type AuditInput = { actorId: string | null; action: string; subjectType: string; subjectId: string; caseId?: string | null; data?: Record<string, unknown>; at: Date };

/** Records who did what, and when; the mails the event causes are written in the same transaction. */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: input.actorId,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    caseId: input.caseId ?? (input.subjectType === 'case' ? input.subjectId : null),
    data: input.data ?? {},
    createdAt: input.at,
  });
  await notifyAudit(db, input);
}

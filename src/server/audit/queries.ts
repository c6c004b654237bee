import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

export type AuditInput = { actorId: string | null; action: string; subjectType: string; subjectId: string; data?: Record<string, unknown>; at: Date };

/** Records who did what, and when. */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: input.actorId,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    data: input.data ?? {},
    createdAt: input.at,
  });
}

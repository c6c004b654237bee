import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases } from '../infra/db/schema';
import { enqueuePush } from '../infra/outbox/push';
import type { DomainEvent } from './types';

/**
 * The push rules of the event kinds (the `push` column of rules.ts): each writes the push outbox
 * rows of one event, in the event's own transaction, beside its mail. Only ids go into a row; the
 * text is made when it is sent and never holds case content. The person who did something is never
 * told about it. The date-based notices (deadlines, the first conversation) are the push job's
 * (src/server/push/reminders.ts).
 */
export type PushRule = (tx: Db, event: DomainEvent, caseId: string | null) => Promise<void>;

const str = (value: unknown) => (typeof value === 'string' ? value : null);

async function clientOf(tx: Db, caseId: string | null): Promise<string | null> {
  if (!caseId) return null;
  const [row] = await tx.select({ clientId: cases.clientId }).from(cases).where(eq(cases.id, caseId));
  return row?.clientId ?? null;
}

/** A new message: the client hears of one from the lawyer's side; the case's lawyers hear of the client's. */
export const messagePush: PushRule = async (tx, event, caseId) => {
  const clientId = await clientOf(tx, caseId);
  if (!caseId || !clientId) return;
  if (event.actorId !== clientId) {
    await enqueuePush(tx, {
      userId: clientId,
      kind: 'message',
      tag: 'message',
      ref: { case_id: caseId, reader: 'client' },
      now: event.at,
    });
    return;
  }
  const lawyers = await tx.select({ id: caseLawyers.lawyerId }).from(caseLawyers).where(eq(caseLawyers.caseId, caseId));
  for (const lawyer of lawyers)
    await enqueuePush(tx, {
      userId: lawyer.id,
      kind: 'message',
      tag: `message-${caseId}`,
      ref: { case_id: caseId, reader: 'lawyer' },
      now: event.at,
    });
};

/** A new version of the settlement agreement: the client hears there is one, nothing of what it says. */
export const settlementVersionPush: PushRule = async (tx, event, caseId) => {
  const clientId = await clientOf(tx, caseId);
  if (!caseId || !clientId || clientId === event.actorId) return;
  await enqueuePush(tx, {
    userId: clientId,
    kind: 'settlement_version',
    tag: 'settlement',
    ref: { case_id: caseId, version_id: event.subjectId, from: str(event.data?.from) ?? '' },
    now: event.at,
    dedupeKey: `settlement-version:${event.subjectId}`,
  });
};

/** The client's invoice is past its due date (its reminder went): one is open, never which or how much. */
export const invoiceDuePush: PushRule = async (tx, event, caseId) => {
  if (event.data?.recipient !== 'client') return;
  const clientId = await clientOf(tx, caseId);
  if (!caseId || !clientId) return;
  await enqueuePush(tx, {
    userId: clientId,
    kind: 'invoice_due',
    tag: 'invoice',
    ref: { case_id: caseId, invoice_id: event.subjectId },
    now: event.at,
    dedupeKey: `invoice-due:${event.subjectId}`,
  });
};

/** A rejected document: the client hears that one needs a new upload, not which or why. */
export const documentRejectedPush: PushRule = async (tx, event, caseId) => {
  const clientId = await clientOf(tx, caseId);
  if (!caseId || !clientId) return;
  const version = event.data?.version;
  await enqueuePush(tx, {
    userId: clientId,
    kind: 'document_rejected',
    tag: 'documents',
    ref: { case_id: caseId, document_id: event.subjectId, version: typeof version === 'number' ? String(version) : '' },
    now: event.at,
  });
};

import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../db/client';
import { caseLawyers, cases, documents, outbox, users } from '../db/schema';
import { enqueueMail } from './outbox';
import { formatMailDate } from './dates';

/** The audit line as recordAudit receives it (COMMON interface 2). */
export type AuditEvent = {
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  caseId?: string | null;
  data?: Record<string, unknown>;
  at: Date;
};

const STATUS_ACTIONS = new Set(['case.status_changed', 'case.finished', 'case.reactivated', 'case.completed']);

function caseIdOf(event: AuditEvent): string | null {
  if (event.caseId) return event.caseId;
  if (event.subjectType === 'case') return event.subjectId;
  const fromData = event.data?.case_id;
  return typeof fromData === 'string' ? fromData : null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The one dispatcher of notification mails: called by recordAudit in the transaction of the
 * change, it maps the action to the mails of each recipient and writes them to the outbox.
 * The person who did something is never mailed about it.
 */
export async function notifyAudit(db: Db, event: AuditEvent): Promise<void> {
  const caseId = caseIdOf(event);
  if (!caseId) return;
  const data = event.data ?? {};
  if (event.action === 'document.hidden' || event.action === 'document.deleted') {
    await withdrawSharedMail(db, str(data.document_id) ?? event.subjectId, event.at);
    return;
  }
  const wanted =
    STATUS_ACTIONS.has(event.action) ||
    ['case.lawyer_assigned', 'case.reassigned', 'case.stand_in_added', 'settlement.version_added', 'proposal.sent', 'proposal.signed', 'proposal.withdrawn', 'document.uploaded', 'document.rejected', 'document.shown', 'feedback.created'].includes(event.action);
  if (!wanted) return;
  const [theCase] = await db.select({ id: cases.id, clientId: cases.clientId, clientName: cases.clientName, statusSlug: cases.statusSlug }).from(cases).where(eq(cases.id, caseId));
  if (!theCase) return;
  const now = event.at;
  const byClient = event.actorId === theCase.clientId;
  // An empty name stays empty: the template names an unknown client in the reader's language.
  const clientName = theCase.clientName ?? '';
  const toClient = { userId: theCase.clientId };
  const lawyerIds = async () =>
    (await db.select({ id: caseLawyers.lawyerId }).from(caseLawyers).where(eq(caseLawyers.caseId, caseId))).map((r) => r.id).filter((id) => id !== event.actorId);
  const documentTitle = async (documentId: string | null) => {
    if (!documentId) return null;
    const [row] = await db.select({ title: documents.title, visible: documents.visible, mandatory: documents.mandatory }).from(documents).where(eq(documents.id, documentId));
    return row ?? null;
  };

  if (STATUS_ACTIONS.has(event.action)) {
    const from = str(data.from);
    const to = str(data.to);
    // The client's own step (choosing a package, signing) and the letter to sign have mails of their own.
    if (!from || !to || from === to) return;
    // Every mandatory document is in: the route moved the case on.
    if (from === 'incomplete-case-file' && to === 'reviewing-documents') {
      for (const id of await lawyerIds()) await enqueueMail(db, { kind: 'documents_complete', to: { userId: id }, payload: { client_name: clientName, case_id: caseId }, now });
    }
    if (byClient || to === 'proposal') return;
    await enqueueMail(db, { kind: 'phase_changed', to: toClient, payload: { case_id: caseId, from, to }, now });
    return;
  }

  switch (event.action) {
    case 'settlement.version_added':
      // A new version: the client hears there is one, nothing of what it says.
      await enqueueMail(db, { kind: 'settlement_version', to: toClient, payload: {}, now, dedupeKey: `settlement-version:${event.subjectId}` });
      return;
    case 'case.lawyer_assigned': {
      const lawyerId = str(data.lawyer_id);
      if (!lawyerId) return;
      const [lawyer] = await db.select().from(users).where(eq(users.id, lawyerId));
      if (!lawyer) return;
      await enqueueMail(db, {
        kind: 'lawyer_assigned',
        to: toClient,
        payload: {
          lawyer_name: getDisplayName({ name: lawyer.name, infix: lawyer.infix, last_name: lawyer.lastName }),
          // Empty when the lawyer set none: the template then uses the default title in the reader's language.
          lawyer_title: lawyer.title ?? '',
          lawyer_email: lawyer.email,
          lawyer_phone: lawyer.phoneNumber,
        },
        now,
      });
      if (lawyerId !== event.actorId) await enqueueMail(db, { kind: 'case_assigned', to: { userId: lawyerId }, payload: { client_name: clientName, case_id: caseId }, now });
      return;
    }
    case 'case.reassigned':
    case 'case.stand_in_added': {
      // An admin handed the case over: the lawyer (or stand-in) hears it, and the client learns who.
      const standIn = event.action === 'case.stand_in_added';
      const lawyerId = str(standIn ? data.lawyer_id : data.to);
      if (!lawyerId) return;
      const [lawyer] = await db.select().from(users).where(eq(users.id, lawyerId));
      if (!lawyer) return;
      const from = standIn ? str(data.from) : null;
      const until = standIn ? str(data.until) : null;
      await enqueueMail(db, { kind: 'case_handed_over', to: { userId: lawyerId }, payload: { client_name: clientName, case_id: caseId, stand_in_from: from, stand_in_until: until }, now });
      const lawyerName = getDisplayName({ name: lawyer.name, infix: lawyer.infix, last_name: lawyer.lastName });
      await enqueueMail(db, { kind: 'lawyer_changed', to: toClient, payload: { lawyer_name: lawyerName, stand_in_from: from, stand_in_until: until }, now });
      return;
    }
    case 'proposal.sent':
      await enqueueMail(db, { kind: 'proposal_ready', to: toClient, payload: {}, now });
      return;
    case 'proposal.signed':
      for (const id of await lawyerIds()) await enqueueMail(db, { kind: 'proposal_signed', to: { userId: id }, payload: { client_name: clientName, case_id: caseId }, now });
      return;
    case 'proposal.withdrawn':
      // The client's own act, confirmed to them in writing (a durable medium, BW 6:230o), and told to the lawyers.
      await enqueueMail(db, { kind: 'engagement_withdrawn', to: toClient, payload: { date: formatMailDate(now) }, now });
      for (const id of await lawyerIds()) await enqueueMail(db, { kind: 'engagement_withdrawn_lawyer', to: { userId: id }, payload: { client_name: clientName, case_id: caseId }, now });
      return;
    case 'document.rejected': {
      const document = await documentTitle(event.subjectId);
      if (!document) return;
      const version = typeof data.version === 'number' ? data.version : undefined;
      await enqueueMail(db, { kind: 'document_rejected', to: toClient, payload: { title: document.title, document_id: event.subjectId, ...(version !== undefined ? { version } : {}) }, now });
      return;
    }
    case 'document.shown': {
      const document = await documentTitle(event.subjectId);
      if (!document) return;
      await enqueueMail(db, { kind: 'document_shared', to: toClient, payload: { title: document.title, document_id: event.subjectId }, now });
      return;
    }
    case 'document.uploaded': {
      const documentId = str(data.document_id) ?? event.subjectId;
      const document = await documentTitle(documentId);
      if (!document) return;
      if (!byClient) {
        if (document.visible) await enqueueMail(db, { kind: 'document_shared', to: toClient, payload: { title: document.title, document_id: documentId }, now });
        return;
      }
      for (const id of await lawyerIds()) {
        await enqueueMail(db, { kind: 'document_uploaded', to: { userId: id }, payload: { client_name: clientName, case_id: caseId, title: document.title, replaced: data.replaced === true }, now });
      }
      return;
    }
    case 'feedback.created': {
      const lawyerId = str(data.lawyer_id);
      const ids = lawyerId ? [lawyerId] : await lawyerIds();
      const existing = ids.length ? await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
      for (const { id } of existing) await enqueueMail(db, { kind: 'feedback_created', to: { userId: id }, payload: { client_name: clientName, case_id: caseId }, now });
      return;
    }
  }
}

/**
 * The lawyer hid or deleted a document before the mail that shared it went out (it waits for the
 * digest window): the mail is withdrawn, in the same transaction, so the client never reads the
 * title of a document they cannot see. A row a worker is sending at this moment (leased) goes.
 */
async function withdrawSharedMail(db: Db, documentId: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'skipped', lastError: 'withdrawn: the document was hidden or deleted', payload: {} })
    .where(
      and(
        eq(outbox.kind, 'document_shared'),
        eq(outbox.status, 'pending'),
        sql`${outbox.payload}->>'document_id' = ${documentId}`,
        or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now)),
      ),
    );
}

import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { getDisplayName } from '../../contract/rules/display-name';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases, documents, outbox, settlementSigned, users } from '../infra/db/schema';
import type { MailKind, MailPayloads } from '../infra/outbox/kinds';
import { enqueueMail } from '../infra/outbox/outbox';
import { formatMailDate } from '../infra/outbox/dates';
import { getDeletionDate, getFileDestructionDate } from '../../contract/rules/case-route';
import type { EventSettings } from './dispatch';
import type { DomainEvent } from './types';

/**
 * The mail rules of the event kinds (rules.ts names one per kind): each writes the outbox rows
 * of one event, in the event's own transaction. `caseId` is the event's case, null for an event
 * about a person or the firm (a complaint, a data export): its rule finds its readers itself.
 * The person who did something is never mailed about it. `settings` gives the installation's
 * settings (the configured retention, digest window and video link) to the rules that need them.
 */
export type MailRule = (
  tx: Db,
  event: DomainEvent,
  caseId: string | null,
  settings: () => EventSettings,
) => Promise<void>;

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** The case as the mails need it, and the helpers every rule shares. */
async function mailContext(tx: Db, event: DomainEvent, caseId: string | null) {
  if (!caseId) return null;
  const [theCase] = await tx
    .select({ id: cases.id, clientId: cases.clientId, clientName: cases.clientName, statusSlug: cases.statusSlug })
    .from(cases)
    .where(eq(cases.id, caseId));
  if (!theCase) return null;
  const lawyerIds = async () =>
    (await tx.select({ id: caseLawyers.lawyerId }).from(caseLawyers).where(eq(caseLawyers.caseId, caseId)))
      .map((r) => r.id)
      .filter((id) => id !== event.actorId);
  return {
    caseId,
    now: event.at,
    byClient: event.actorId === theCase.clientId,
    // An empty name stays empty: the template names an unknown client in the reader's language.
    clientName: theCase.clientName ?? '',
    toClient: { userId: theCase.clientId },
    lawyerIds,
    /** One mail of `kind` to each lawyer of the case but the actor. */
    mailLawyers: async <K extends MailKind>(kind: K, payload: MailPayloads[K]) => {
      for (const id of await lawyerIds()) await enqueueMail(tx, { kind, to: { userId: id }, payload, now: event.at });
    },
    documentTitle: async (documentId: string | null) => {
      if (!documentId) return null;
      const [row] = await tx
        .select({ title: documents.title, visible: documents.visible, mandatory: documents.mandatory })
        .from(documents)
        .where(eq(documents.id, documentId));
      return row ?? null;
    },
  };
}

/** A phase change (by the route rule or the lawyer's dropdown, finishing, reactivating, completing). */
export const statusMails: MailRule = async (tx, event, caseId, settings) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const data = event.data ?? {};
  const from = str(data.from);
  const to = str(data.to);
  // The client's own step (choosing a package, signing) and the letter to sign have mails of their own.
  if (!from || !to || from === to) return;
  // Every mandatory document is in: the route moved the case on.
  if (from === 'incomplete-case-file' && to === 'reviewing-documents') {
    await c.mailLawyers('documents_complete', { client_name: c.clientName, case_id: c.caseId });
  }
  if (c.byClient || to === 'proposal') return;
  // 'Klaar voor ondertekening' after the settlement agreement was signed says it is signed, not 'sign it'.
  const lastDay = to === 'ready-for-signing' ? await signedCoolingOffEnd(tx, c.caseId) : undefined;
  const signed = lastDay === undefined ? {} : { signed: { last_day: lastDay } };
  // Completed: the client hears when the account goes and until when the firm keeps the file.
  const retention = to === 'completed' ? { retention: retentionNotice(c.now, settings().fileRetentionYears) } : {};
  await enqueueMail(tx, {
    kind: 'phase_changed',
    to: c.toClient,
    payload: { case_id: c.caseId, from, to, ...signed, ...retention },
    now: c.now,
  });
};

/** When the account goes and until when the firm keeps the file of a case completed at `completedAt`. */
function retentionNotice(completedAt: Date, years: number) {
  return {
    account_until: formatMailDate(getDeletionDate(completedAt)),
    file_until: formatMailDate(getFileDestructionDate(completedAt, years)),
    years,
  };
}

/** A new settlement version: the client hears there is one, nothing of what it says. */
export const settlementVersionMail: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  await enqueueMail(tx, {
    kind: 'settlement_version',
    to: c.toClient,
    payload: {},
    now: c.now,
    dedupeKey: `settlement-version:${event.subjectId}`,
  });
};

/** The first lawyer of a case: the client learns who, the lawyer hears of the case (unless they took it themselves). */
export const lawyerAssignedMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const lawyerId = str(event.data?.lawyer_id);
  if (!lawyerId) return;
  const [lawyer] = await tx.select().from(users).where(eq(users.id, lawyerId));
  if (!lawyer) return;
  await enqueueMail(tx, {
    kind: 'lawyer_assigned',
    to: c.toClient,
    payload: {
      lawyer_name: getDisplayName({ name: lawyer.name, infix: lawyer.infix, last_name: lawyer.lastName }),
      // Empty when the lawyer set none: the template then uses the default title in the reader's language.
      lawyer_title: lawyer.title ?? '',
      lawyer_email: lawyer.email,
      lawyer_phone: lawyer.phoneNumber,
    },
    now: c.now,
  });
  if (lawyerId !== event.actorId)
    await enqueueMail(tx, {
      kind: 'case_assigned',
      to: { userId: lawyerId },
      payload: { client_name: c.clientName, case_id: c.caseId },
      now: c.now,
    });
};

/** An admin handed the case over (or added a stand-in): the lawyer hears it, and the client learns who. */
export const handedOverMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const data = event.data ?? {};
  const standIn = event.action === 'case.stand_in_added';
  const lawyerId = str(standIn ? data.lawyer_id : data.to);
  if (!lawyerId) return;
  const [lawyer] = await tx.select().from(users).where(eq(users.id, lawyerId));
  if (!lawyer) return;
  const from = standIn ? str(data.from) : null;
  const until = standIn ? str(data.until) : null;
  await enqueueMail(tx, {
    kind: 'case_handed_over',
    to: { userId: lawyerId },
    payload: { client_name: c.clientName, case_id: c.caseId, stand_in_from: from, stand_in_until: until },
    now: c.now,
  });
  const lawyerName = getDisplayName({ name: lawyer.name, infix: lawyer.infix, last_name: lawyer.lastName });
  await enqueueMail(tx, {
    kind: 'lawyer_changed',
    to: c.toClient,
    payload: { lawyer_name: lawyerName, stand_in_from: from, stand_in_until: until },
    now: c.now,
  });
};

export const proposalSentMail: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  await enqueueMail(tx, { kind: 'proposal_ready', to: c.toClient, payload: {}, now: c.now });
};

export const proposalSignedMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  await c.mailLawyers('proposal_signed', { client_name: c.clientName, case_id: c.caseId });
};

/** The client's own act, confirmed to them in writing (a durable medium, BW 6:230o), and told to the lawyers. */
export const withdrawnMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  await enqueueMail(tx, {
    kind: 'engagement_withdrawn',
    to: c.toClient,
    payload: { date: formatMailDate(c.now) },
    now: c.now,
  });
  await c.mailLawyers('engagement_withdrawn_lawyer', { client_name: c.clientName, case_id: c.caseId });
};

export const documentRejectedMail: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const document = await c.documentTitle(event.subjectId);
  if (!document) return;
  const version = typeof event.data?.version === 'number' ? event.data.version : undefined;
  await enqueueMail(tx, {
    kind: 'document_rejected',
    to: c.toClient,
    payload: { title: document.title, document_id: event.subjectId, ...(version !== undefined ? { version } : {}) },
    now: c.now,
  });
};

export const documentShownMail: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const document = await c.documentTitle(event.subjectId);
  if (!document) return;
  await enqueueMail(tx, {
    kind: 'document_shared',
    to: c.toClient,
    payload: { title: document.title, document_id: event.subjectId },
    now: c.now,
  });
};

/** The client's upload tells the lawyers; the lawyer's upload of a visible document tells the client. */
export const documentUploadedMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const data = event.data ?? {};
  const documentId = str(data.document_id) ?? event.subjectId;
  const document = await c.documentTitle(documentId);
  if (!document) return;
  if (!c.byClient) {
    if (document.visible)
      await enqueueMail(tx, {
        kind: 'document_shared',
        to: c.toClient,
        payload: { title: document.title, document_id: documentId },
        now: c.now,
      });
    return;
  }
  await c.mailLawyers('document_uploaded', {
    client_name: c.clientName,
    case_id: c.caseId,
    title: document.title,
    replaced: data.replaced === true,
  });
};

export const feedbackMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  const lawyerId = str(event.data?.lawyer_id);
  const ids = lawyerId ? [lawyerId] : await c.lawyerIds();
  const existing = ids.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
  for (const { id } of existing)
    await enqueueMail(tx, {
      kind: 'feedback_created',
      to: { userId: id },
      payload: { client_name: c.clientName, case_id: c.caseId },
      now: c.now,
    });
};

/** The bedenktijd ended without a word from the client: each lawyer of the case gets the task, once. */
export const coolingOffExpiredMails: MailRule = async (tx, event, caseId) => {
  const c = await mailContext(tx, event, caseId);
  if (!c) return;
  for (const id of await c.lawyerIds()) {
    await enqueueMail(tx, {
      kind: 'cooling_off_expired',
      to: { userId: id },
      payload: { case_id: c.caseId },
      now: c.now,
      dedupeKey: `cooling-off-expired:${caseId}:${id}`,
    });
  }
};

/**
 * The lawyer hid or deleted a document before the mail that shared it went out (it waits for the
 * digest window): the mail is withdrawn, in the same transaction, so the client never reads the
 * title of a document they cannot see. A row a worker is sending at this moment (leased) goes.
 */
export const withdrawSharedMail: MailRule = async (tx, event) => {
  const documentId = str(event.data?.document_id) ?? event.subjectId;
  await tx
    .update(outbox)
    .set({ status: 'skipped', lastError: 'withdrawn: the document was hidden or deleted', payload: {} })
    .where(
      and(
        eq(outbox.kind, 'document_shared'),
        eq(outbox.status, 'pending'),
        sql`${outbox.payload}->>'document_id' = ${documentId}`,
        or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, event.at)),
      ),
    );
};

/**
 * For the phase mail: the last day of the bedenktijd when the case's settlement agreement is
 * signed (null when there is none), or undefined when it is not signed.
 */
export async function signedCoolingOffEnd(tx: Db, caseId: string): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ endsOn: settlementSigned.coolingOffEndsOn })
    .from(settlementSigned)
    .where(eq(settlementSigned.caseId, caseId));
  return row ? row.endsOn : undefined;
}

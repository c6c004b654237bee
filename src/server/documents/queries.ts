import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Document } from '../../contract/documents';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import type { Db } from '../infra/db/client';
import { cases, documentViews, documents, users } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { applyCaseEvent } from '../workflow/apply';
import { toDocumentList, type DocumentLink } from './mapping';
import type { DocumentRow } from './access';
import { AppError } from '../infra/errors/errors';
import { isSharedWithClient, SIGNED_LETTER_SLOT } from './workflow-slots';
import { DOCUMENT_LOCK_ERRORS, documentLock, type DocumentChange } from '../../contract/rules/document-lock';

/**
 * The closed-case rule (contract/rules/document-lock.ts) checked again under the case's row lock:
 * a status change to 'Klaar voor facturatie' or a legal hold set meanwhile waits for this
 * transaction or is seen by it, so no delete or replace slips past one in parallel.
 */
async function refuseLockedCase(
  tx: Db,
  caseId: string,
  input: { byClient: boolean },
  change: DocumentChange,
): Promise<void> {
  const [row] = await tx
    .select({ statusSlug: cases.statusSlug, legalHold: cases.legalHold })
    .from(cases)
    .where(eq(cases.id, caseId))
    .for('update');
  if (!row) return;
  const reason = documentLock(
    { status: row.statusSlug as StatusSlug, legalHold: row.legalHold },
    input.byClient ? 'client' : 'lawyer',
    change,
  );
  if (reason) throw new AppError('conflict', DOCUMENT_LOCK_ERRORS[reason]);
}

/** The lawyer's review or visibility change: the document's row locked first (as a replace does), then its case's. */
async function refuseLockedDocumentCase(tx: Db, documentId: string, change: DocumentChange): Promise<void> {
  const [row] = await tx
    .select({ caseId: documents.caseId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('update');
  if (row) await refuseLockedCase(tx, row.caseId, { byClient: false }, change);
}

/** Checked again under the row's lock: a lawyer may have shared a new version since the route looked. */
const refuseShared = (
  row: { mandatory: boolean; uploadedBy: string | null },
  input: { byClient: boolean; userId: string },
) => {
  if (input.byClient && isSharedWithClient(row, input.userId)) throw new AppError('conflict', 'errors.document.shared');
};

type Link = DocumentLink;

/** API view of document rows, with the people they reference. */
export async function toDocuments(db: Db, rows: DocumentRow[], link: Link): Promise<Document[]> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => [r.uploadedBy, r.approvedBy, r.rejectedBy]).filter((id): id is string => Boolean(id)),
    ),
  ];
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.name, infix: users.infix, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return toDocumentList(rows, byId, link);
}

export async function toDocumentView(db: Db, row: DocumentRow, link: Link): Promise<Document> {
  const [view] = await toDocuments(db, [row], link);
  if (!view) throw new Error('unreachable');
  return view;
}

export type StoredFile = { key: string; filename: string; extension: string | null; contentType: string; size: number };

const touchCase = (db: Db, caseId: string, now: Date) =>
  db.update(cases).set({ lastUpdateAt: now }).where(eq(cases.id, caseId));

/**
 * Puts a new file version on a document: Uploaded, no review, version + 1. Returns the
 * updated row and the key of the file it replaced (removed by the caller after commit),
 * or null when the document no longer exists.
 */
export async function replaceDocumentFile(
  db: Db,
  input: { documentId: string; file: StoredFile; userId: string; byClient: boolean; now: Date },
) {
  return withEvents(db, async (tx) => {
    const [old] = await tx
      .select({
        storageKey: documents.storageKey,
        caseId: documents.caseId,
        mandatory: documents.mandatory,
        uploadedBy: documents.uploadedBy,
      })
      .from(documents)
      .where(eq(documents.id, input.documentId))
      .for('update');
    if (!old) return null;
    refuseShared(old, input);
    await refuseLockedCase(tx, old.caseId, input, 'replace');
    const [row] = await tx
      .update(documents)
      .set({
        storageKey: input.file.key,
        filename: input.file.filename,
        extension: input.file.extension,
        contentType: input.file.contentType,
        sizeBytes: input.file.size,
        version: sql`${documents.version} + 1`,
        status: 'Uploaded',
        message: null,
        approvedBy: null,
        rejectedBy: null,
        reviewedAt: null,
        uploadedAt: input.now,
        uploadedBy: input.userId,
      })
      .where(eq(documents.id, input.documentId))
      .returning();
    if (!row) return null;
    if (input.byClient) await touchCase(tx, old.caseId, input.now);
    await recordUpload(tx, row, old.storageKey !== null, input.userId, input.now);
    return { row, previousKey: old.storageKey };
  });
}

/** The audit line of an upload (document.uploaded, on the case's timeline) and the route move it may cause. */
async function recordUpload(tx: Db, row: DocumentRow, replaced: boolean, userId: string, now: Date): Promise<void> {
  await emit(tx, {
    actorId: userId,
    action: 'document.uploaded',
    subjectType: 'document',
    subjectId: row.id,
    caseId: row.caseId,
    data: { document_id: row.id, mandatory: row.mandatory, replaced, title: row.title, version: row.version },
    at: now,
  });
  await applyCaseEvent(tx, { caseId: row.caseId, event: { type: 'document-uploaded' }, actorId: userId, now });
}

/** A new general (non-mandatory) document with its first file. */
export async function createGeneralDocument(
  db: Db,
  input: { id: string; caseId: string; title: string; file: StoredFile; userId: string; byClient: boolean; now: Date },
) {
  return withEvents(db, async (tx) => {
    // The case row first: the insert's foreign-key share lock followed by the route rule's
    // FOR UPDATE deadlocked parallel uploads to one case on PostgreSQL. A closed case takes no new document.
    await refuseLockedCase(tx, input.caseId, input, 'add');
    const [row] = await tx
      .insert(documents)
      .values({
        id: input.id,
        caseId: input.caseId,
        title: input.title,
        mandatory: false,
        visible: true,
        status: 'Uploaded',
        storageKey: input.file.key,
        filename: input.file.filename,
        extension: input.file.extension,
        contentType: input.file.contentType,
        sizeBytes: input.file.size,
        version: 1,
        uploadedAt: input.now,
        uploadedBy: input.userId,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('Document not created');
    if (input.byClient) await touchCase(tx, input.caseId, input.now);
    await recordUpload(tx, row, false, input.userId, input.now);
    return row;
  });
}

/** A mandatory document loses its file and returns to Not Uploaded; a general one is removed. Returns the freed key. */
export async function deleteDocument(
  db: Db,
  input: { documentId: string; userId: string; byClient: boolean; now: Date },
): Promise<{ previousKey: string | null } | null> {
  return withEvents(db, async (tx) => {
    const [old] = await tx.select().from(documents).where(eq(documents.id, input.documentId)).for('update');
    if (!old) return null;
    refuseShared(old, input);
    await refuseLockedCase(tx, old.caseId, input, 'delete');
    if (old.mandatory) {
      await tx
        .update(documents)
        .set({
          storageKey: null,
          filename: null,
          extension: null,
          contentType: null,
          sizeBytes: null,
          version: sql`${documents.version} + 1`,
          status: 'Not Uploaded',
          message: null,
          approvedBy: null,
          rejectedBy: null,
          reviewedAt: null,
          uploadedAt: null,
          uploadedBy: null,
        })
        .where(eq(documents.id, old.id));
    } else {
      await tx.delete(documents).where(eq(documents.id, old.id));
    }
    if (input.byClient) await touchCase(tx, old.caseId, input.now);
    await emit(tx, {
      actorId: input.userId,
      action: 'document.deleted',
      subjectType: 'document',
      subjectId: old.id,
      caseId: old.caseId,
      data: { document_id: old.id, mandatory: old.mandatory, title: old.title },
      at: input.now,
    });
    await applyCaseEvent(tx, {
      caseId: old.caseId,
      event: { type: 'document-deleted', mandatory: old.mandatory },
      actorId: input.userId,
      now: input.now,
    });
    return { previousKey: old.storageKey };
  });
}

/**
 * A closed case ('Klaar voor facturatie' or 'Voltooid') handed to another lawyer: its files
 * are a record, not new work, so they count as seen by the new lawyer as of the handover and
 * stay out of that lawyer's pending_documents. Call before the lawyer's case_lawyers row is
 * written (its trigger counts the pending documents then). An active case keeps them as new.
 */
export async function markClosedCaseDocumentsSeen(
  db: Db,
  input: { caseId: string; statusSlug: string; lawyerId: string; now: Date },
): Promise<void> {
  if (getStatus(input.statusSlug as StatusSlug).order < getStatus('ready-for-invoicing').order) return;
  await db
    .insert(documentViews)
    .select(
      db
        .select({
          documentId: documents.id,
          userId: sql<string>`${input.lawyerId}::uuid`.as('user_id'),
          viewedAt: sql<Date>`${input.now.toISOString()}::timestamptz`.as('viewed_at'),
        })
        .from(documents)
        .where(and(eq(documents.caseId, input.caseId), isNotNull(documents.uploadedAt))),
    )
    .onConflictDoUpdate({
      target: [documentViews.documentId, documentViews.userId],
      set: { viewedAt: sql`greatest(${documentViews.viewedAt}, excluded.viewed_at)` },
    });
}

/** The lawyer opened or downloaded the document: it leaves pending_documents. */
export async function recordDocumentView(
  db: Db,
  input: { documentId: string; caseId: string; userId: string; now: Date },
): Promise<void> {
  await withEvents(db, async (tx) => {
    await tx
      .insert(documentViews)
      .values({ documentId: input.documentId, userId: input.userId, viewedAt: input.now })
      .onConflictDoUpdate({ target: [documentViews.documentId, documentViews.userId], set: { viewedAt: input.now } });
    await emit(tx, {
      actorId: input.userId,
      action: 'document.viewed',
      subjectType: 'document',
      subjectId: input.documentId,
      caseId: input.caseId,
      data: {},
      at: input.now,
    });
  });
}

/**
 * Approves or rejects an uploaded document in one conditional statement, so of two parallel
 * decisions exactly one wins. Returns null when the document is not (or no longer) Uploaded.
 */
export async function reviewDocument(
  db: Db,
  input: {
    documentId: string;
    lawyerId: string;
    decision: { status: 'Approved' } | { status: 'Rejected'; message: string | null };
    now: Date;
  },
) {
  return withEvents(db, async (tx) => {
    await refuseLockedDocumentCase(tx, input.documentId, 'review');
    const approved = input.decision.status === 'Approved';
    const [row] = await tx
      .update(documents)
      .set({
        status: input.decision.status,
        message: approved ? null : (input.decision as { message: string | null }).message,
        approvedBy: approved ? input.lawyerId : null,
        rejectedBy: approved ? null : input.lawyerId,
        reviewedAt: input.now,
      })
      .where(and(eq(documents.id, input.documentId), eq(documents.status, 'Uploaded')))
      .returning();
    if (!row) return null;
    await emit(tx, {
      actorId: input.lawyerId,
      action: approved ? 'document.approved' : 'document.rejected',
      subjectType: 'document',
      subjectId: row.id,
      caseId: row.caseId,
      data: {
        case_id: row.caseId,
        document_id: row.id,
        mandatory: row.mandatory,
        title: row.title,
        version: row.version,
        ...(approved ? {} : { message: row.message }),
      },
      at: input.now,
    });
    if (!approved)
      await applyCaseEvent(tx, {
        caseId: row.caseId,
        event: { type: 'document-rejected', mandatory: row.mandatory },
        actorId: input.lawyerId,
        now: input.now,
      });
    return row;
  });
}

export async function setDocumentVisibility(
  db: Db,
  input: { documentId: string; lawyerId: string; visible: boolean; now: Date },
) {
  return withEvents(db, async (tx) => {
    await refuseLockedDocumentCase(tx, input.documentId, 'visibility');
    // The signed engagement letter is the client's as much as the firm's: it is never hidden from them.
    const [row] = await tx
      .update(documents)
      .set({ visible: input.visible })
      .where(
        and(
          eq(documents.id, input.documentId),
          input.visible ? undefined : sql`${documents.slotKey} IS DISTINCT FROM ${SIGNED_LETTER_SLOT}`,
        ),
      )
      .returning();
    if (!row) throw new AppError('conflict', 'errors.document.signedLetterVisible');
    await emit(tx, {
      actorId: input.lawyerId,
      action: input.visible ? 'document.shown' : 'document.hidden',
      subjectType: 'document',
      subjectId: row.id,
      caseId: row.caseId,
      data: { case_id: row.caseId, document_id: row.id, title: row.title, visible: input.visible },
      at: input.now,
    });
    return row;
  });
}

/** A document by id, for its signed file link (the link is the permission). */
export async function findDocumentById(db: Db, id: string) {
  const [document] = await db.select().from(documents).where(eq(documents.id, id));
  return document ?? null;
}

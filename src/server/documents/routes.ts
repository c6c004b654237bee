import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isWaitingForWithdrawalPeriod } from '../../contract/rules/case-route';
import { text } from '../../contract/text';
import {
  CreateDocumentFieldsSchema,
  ReviewDocumentRequestSchema,
  SetVisibilityRequestSchema,
  DocumentListResponseSchema,
  DocumentResponseSchema,
} from '../../contract/documents';
import { requireCaseAccess, type CaseRow } from '../cases/access';
import { getCaseDocuments } from '../cases/views';
import { AppError, notFound } from '../infra/errors/errors';
import { contentDisposition, fileSecurityPolicy, GENERIC_TYPE } from '../infra/files/content';
import type { AuthContext } from '../auth/access';
import { requireDocumentAccess, type DocumentAccess } from './access';
import {
  createGeneralDocument,
  deleteDocument,
  recordDocumentView,
  replaceDocumentFile,
  reviewDocument,
  setDocumentVisibility,
  toDocumentView,
} from './queries';
import { isSharedWithClient, isWorkflowDocument } from './workflow-slots';
import { DOCUMENT_LOCK_ERRORS, documentLock, type DocumentChange } from '../../contract/rules/document-lock';
import type { StatusSlug } from '../../contract/statuses';
import { documentKey, receiveUpload } from './upload';
import { readForDownload } from '../infra/storage/storage';

const IdParams = z.object({ id: text().max(64) });
// Translation keys (public/i18n, errors.document), given in the request's language.
const WORKFLOW_DOCUMENT_MESSAGE = 'errors.document.workflowLetter';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;
  /** For a client the lawyer's shared documents come `locked` (documents/workflow-slots.ts). */
  const link = (auth?: AuthContext) => ({
    secret: config.appSecret,
    now: clock.now(),
    storage,
    clientId: auth?.role === 'client' ? auth.userId : undefined,
  });
  /**
   * The workflow's letters are nobody's to replace or delete; a document the lawyer shared is not
   * the client's; a closed case or a legal hold stops the change (contract/rules/document-lock.ts,
   * checked again under the case's row lock in queries.ts).
   */
  const requireReplaceable = ({ auth, caseRow, document }: DocumentAccess, change: DocumentChange) => {
    if (isWorkflowDocument(document.slotKey)) throw new AppError('conflict', WORKFLOW_DOCUMENT_MESSAGE);
    if (auth.role === 'client' && isSharedWithClient(document, auth.userId))
      throw new AppError('conflict', 'errors.document.shared');
    if (auth.role === 'admin') return;
    refuseClosed(caseRow, auth.role, change);
  };
  /** A closed case or a legal hold (contract/rules/document-lock.ts), before any file is received. */
  function refuseClosed(caseRow: CaseRow, role: 'client' | 'lawyer', change: DocumentChange) {
    const reason = documentLock(
      { status: caseRow.statusSlug as StatusSlug, legalHold: caseRow.legalHold },
      role,
      change,
    );
    if (reason) throw new AppError('conflict', DOCUMENT_LOCK_ERRORS[reason]);
  }
  const removeQuietly = (key: string | null | undefined) =>
    key
      ? storage.remove(key).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove replaced file'))
      : undefined;

  app.get(
    '/api/cases/:id/documents',
    { schema: { response: { 200: DocumentListResponseSchema }, params: IdParams } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      return { data: await getCaseDocuments(db, caseRow.id, { onlyVisible: auth.role === 'client', ...link(auth) }) };
    },
  );

  app.get(
    '/api/cases/:id/documents/slideshow',
    { schema: { response: { 200: DocumentListResponseSchema }, params: IdParams } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      const all = await getCaseDocuments(db, caseRow.id, { onlyVisible: auth.role === 'client', ...link(auth) });
      return { data: all.filter((d) => d.temporary_url !== null) };
    },
  );

  app.post(
    '/api/cases/:id/documents',
    { schema: { response: { 201: DocumentResponseSchema }, params: IdParams } },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      refuseClosed(caseRow, auth.role, 'add');
      const id = randomUUID();
      // The title may come before or after the file (multipart parts in any order).
      const { fields: sent, file } = await receiveUpload(request, reply, documentKey(caseRow.id, id, 1));
      const fields = CreateDocumentFieldsSchema.safeParse({ title: sent.title ?? '' });
      if (!fields.success) {
        await removeQuietly(file.key);
        throw fields.error; // 422 on `title`, in the request's language (errors/handler.ts)
      }
      try {
        const row = await createGeneralDocument(db, {
          id,
          caseId: caseRow.id,
          title: fields.data.title,
          file,
          userId: auth.userId,
          byClient: auth.role === 'client',
          now: clock.now(),
        });
        return reply.status(201).send({ data: await toDocumentView(db, row, link(auth)) });
      } catch (error) {
        await removeQuietly(file.key);
        throw error;
      }
    },
  );

  app.post(
    '/api/documents/:id/upload',
    { schema: { response: { 200: DocumentResponseSchema }, params: IdParams } },
    async (request, reply) => {
      const access = await requireDocumentAccess(request, request.params.id);
      requireReplaceable(access, 'replace');
      const { auth, document } = access;
      const { file } = await receiveUpload(
        request,
        reply,
        documentKey(document.caseId, document.id, document.version + 1),
      );
      let result: Awaited<ReturnType<typeof replaceDocumentFile>>;
      try {
        result = await replaceDocumentFile(db, {
          documentId: document.id,
          file,
          userId: auth.userId,
          byClient: auth.role === 'client',
          now: clock.now(),
        });
      } catch (error) {
        await removeQuietly(file.key);
        throw error;
      }
      if (!result) {
        await removeQuietly(file.key);
        throw notFound();
      }
      await removeQuietly(result.previousKey);
      return { data: await toDocumentView(db, result.row, link(auth)) };
    },
  );

  app.delete('/api/documents/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const access = await requireDocumentAccess(request, request.params.id);
    requireReplaceable(access, 'delete');
    const { auth, document } = access;
    const result = await deleteDocument(db, {
      documentId: document.id,
      userId: auth.userId,
      byClient: auth.role === 'client',
      now: clock.now(),
    });
    if (!result) throw notFound();
    await removeQuietly(result.previousKey);
    return reply.status(204).send();
  });

  app.post('/api/documents/:id/download', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, document } = await requireDocumentAccess(request, request.params.id);
    if (!document.storageKey) throw notFound('errors.document.noFileYet');
    const file = await readForDownload(storage, document.storageKey);
    if (!file) throw notFound();
    if (auth.role === 'lawyer')
      await recordDocumentView(db, {
        documentId: document.id,
        caseId: document.caseId,
        userId: auth.userId,
        now: clock.now(),
      });
    return reply
      .header('Content-Type', GENERIC_TYPE)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition('attachment', document.filename ?? 'bestand'))
      .header('Content-Security-Policy', fileSecurityPolicy(GENERIC_TYPE, false))
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  });

  /** The lawyer opened the document's preview: it leaves pending_documents (downloads record this themselves). */
  app.post('/api/documents/:id/viewed', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, document } = await requireDocumentAccess(request, request.params.id, ['lawyer']);
    await recordDocumentView(db, {
      documentId: document.id,
      caseId: document.caseId,
      userId: auth.userId,
      now: clock.now(),
    });
    return reply.status(204).send();
  });

  app.post(
    '/api/documents/:id/review',
    { schema: { response: { 200: DocumentResponseSchema }, params: IdParams, body: ReviewDocumentRequestSchema } },
    async (request) => {
      const { auth, document, caseRow } = await requireDocumentAccess(request, request.params.id, ['lawyer']);
      refuseClosed(caseRow, 'lawyer', 'review');
      const body = request.body;
      if (body.status === 'Rejected' && isWorkflowDocument(document.slotKey))
        throw new AppError('conflict', WORKFLOW_DOCUMENT_MESSAGE);
      // Without the client's consent to start at once, nothing is reviewed inside the withdrawal period.
      if (isWaitingForWithdrawalPeriod(caseRow.startConsent, caseRow.withdrawalEndsAt, clock.now()))
        throw new AppError('conflict', 'errors.withdrawal.waiting');
      const decision =
        body.status === 'Approved'
          ? { status: 'Approved' as const }
          : { status: 'Rejected' as const, message: body.message?.trim() || null };
      const row = await reviewDocument(db, {
        documentId: document.id,
        lawyerId: auth.userId,
        decision,
        now: clock.now(),
      });
      if (!row) throw new AppError('conflict', 'errors.document.notReviewable');
      return { data: await toDocumentView(db, row, link()) };
    },
  );

  app.patch(
    '/api/documents/:id/set-visibility',
    { schema: { response: { 200: DocumentResponseSchema }, params: IdParams, body: SetVisibilityRequestSchema } },
    async (request) => {
      const { auth, document, caseRow } = await requireDocumentAccess(request, request.params.id, ['lawyer']);
      refuseClosed(caseRow, 'lawyer', 'visibility');
      const row = await setDocumentVisibility(db, {
        documentId: document.id,
        lawyerId: auth.userId,
        visible: request.body.visible,
        now: clock.now(),
      });
      return { data: await toDocumentView(db, row, link()) };
    },
  );
};

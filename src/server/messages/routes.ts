import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MarkMessagesReadRequestSchema,
  MESSAGE_CURSOR_INVALID,
  MESSAGE_DELETE_TOO_LATE,
  MESSAGE_DELETE_WINDOW_MS,
  MessageTextSchema,
  SendMessageRequestSchema,
  MessagePageSchema,
  MessageResponseSchema,
  MarkReadResponseSchema,
  UnreadCountsResponseSchema,
} from '../../contract/messages';
import { requireUser } from '../auth/access';
import { requireCaseAccess, isUuid } from '../cases/access';
import { refuseClosedCase } from '../cases/lock';
import type { StoredFile } from '../documents/queries';
import { documentKey, receiveUpload } from '../documents/upload';
import { AppError, fieldError, forbidden, notFound } from '../infra/errors/errors';
import { issueKey } from '../../contract/validation-messages';
import {
  decodeCursor,
  deleteMessage,
  findMessageRow,
  getMessage,
  listMessages,
  markMessagesRead,
  sendMessage,
  unreadCounts,
} from './queries';

const IdParams = z.object({ id: z.string().max(64) });
const ListQuery = z.object({ before: z.string().max(200).optional() });

/** 422 on the text field, with the translation key of its first issue. */
function invalidText(issues: z.ZodIssue[]): AppError {
  const issue = issueKey(issues[0] ?? { code: 'invalid_type', received: 'undefined' });
  return new AppError('validation', issue.key, { text: [issue.key] }, undefined, issue.values);
}

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage } = app.deps;

  app.get(
    '/api/cases/:id/messages',
    { schema: { response: { 200: MessagePageSchema }, params: IdParams, querystring: ListQuery } },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id);
      const before = request.query.before === undefined ? null : decodeCursor(request.query.before);
      if (request.query.before !== undefined && !before) throw fieldError('before', MESSAGE_CURSOR_INVALID);
      const page = await listMessages(db, caseRow.id, before);
      return { data: page.data, next_cursor: page.nextCursor };
    },
  );

  /** JSON `{text}`, or multipart with a `text` field before one `file`: the file becomes a case document. */
  app.post(
    '/api/cases/:id/messages',
    { schema: { response: { 201: MessageResponseSchema }, params: IdParams } },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      refuseClosedCase(caseRow, 'message');
      const now = clock.now();
      let text: string;
      let file: { id: string; stored: StoredFile } | null = null;
      if (request.isMultipart()) {
        ({ text, file } = await receiveAttachment(request, reply, caseRow.id));
      } else {
        const body = SendMessageRequestSchema.safeParse(request.body ?? {});
        if (!body.success) throw invalidText(body.error.issues);
        text = body.data.text;
      }
      let messageId: string;
      try {
        messageId = await sendMessage(db, { caseId: caseRow.id, author: auth, text, file, now });
      } catch (error) {
        if (file) await storage.remove(file.stored.key).catch(() => undefined);
        throw error;
      }
      const message = await getMessage(db, messageId);
      if (!message) throw notFound();
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/api/cases/:id/messages/read',
    { schema: { response: { 200: MarkReadResponseSchema }, params: IdParams, body: MarkMessagesReadRequestSchema } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      const now = clock.now();
      const upTo = request.body.up_to;
      const marked = await markMessagesRead(db, { caseId: caseRow.id, reader: auth, upTo, now });
      if (marked === null) throw notFound('errors.messages.notFound');
      return { data: { case_id: caseRow.id, read_at: marked > 0 ? now.toISOString() : null, marked } };
    },
  );

  app.get('/api/messages/unread', { schema: { response: { 200: UnreadCountsResponseSchema } } }, async (request) => {
    const auth = await requireUser(request);
    // An admin has no conversations and never reads messages.
    if (auth.role === 'admin') throw forbidden();
    const data = await unreadCounts(db, auth.userId, auth.role);
    return { data, total: data.reduce((sum, row) => sum + row.count, 0) };
  });

  app.delete('/api/messages/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await requireUser(request);
    if (!isUuid(request.params.id)) throw notFound();
    const row = await findMessageRow(db, request.params.id);
    if (!row) throw notFound();
    const { auth, caseRow } = await requireCaseAccess(request, row.caseId);
    if (row.authorId !== auth.userId) throw forbidden('errors.messages.notOwn');
    refuseClosedCase(caseRow, 'message');
    const now = clock.now();
    const deleted = await deleteMessage(db, {
      row,
      author: auth,
      since: new Date(now.getTime() - MESSAGE_DELETE_WINDOW_MS),
      now,
    });
    if (!deleted) {
      if (!(await findMessageRow(db, row.id))) throw notFound();
      throw new AppError('conflict', MESSAGE_DELETE_TOO_LATE);
    }
    return reply.status(204).send();
  });

  /**
   * The text field (before or after the file) and the file, stored under a new document id; on a 422 nothing is kept.
   */
  async function receiveAttachment(
    request: FastifyRequest,
    reply: FastifyReply,
    caseId: string,
  ): Promise<{ text: string; file: { id: string; stored: StoredFile } }> {
    const id = randomUUID();
    const { fields, file: stored } = await receiveUpload(request, reply, documentKey(caseId, id, 1));
    const raw = fields.text ?? '';
    // With a file the text may be empty: the attachment is the message.
    const parsed = raw.trim() === '' ? { success: true as const, data: '' } : MessageTextSchema.safeParse(raw);
    if (!parsed.success) {
      await storage.remove(stored.key).catch(() => undefined);
      throw invalidText(parsed.error.issues);
    }
    return { text: parsed.data, file: { id, stored } };
  }
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import {
  CreateFeedbackRequestSchema,
  FEEDBACK_PER_PAGE,
  FeedbackListQuerySchema,
  FeedbackResponseSchema,
  FeedbackListResponseSchema,
  LatestFeedbackResponseSchema,
} from '../../contract/feedback';
import { buildPagination } from '../../contract/rules/pagination';
import { requireRole } from '../auth/access';
import { isUuid, requireCaseAccess } from '../cases/access';
import { notFound } from '../infra/errors/errors';
import {
  createFeedback,
  getLatestFeedback,
  isAssignedLawyer,
  listReceivedFeedback,
  markFeedbackAsRead,
} from './queries';

const FeedbackParams = z.object({ id: text().max(64), lawyerId: text().max(64) });
const IdParams = z.object({ id: text().max(64) });

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  /** A client leaves feedback on a lawyer assigned to their case; any other lawyer answers 404. */
  app.post(
    '/api/cases/:id/lawyers/:lawyerId/feedback',
    {
      schema: { response: { 201: FeedbackResponseSchema }, params: FeedbackParams, body: CreateFeedbackRequestSchema },
    },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const { lawyerId } = request.params;
      if (!isUuid(lawyerId)) throw notFound();
      if (!(await isAssignedLawyer(db, caseRow.id, lawyerId))) throw notFound();
      const created = await createFeedback(db, {
        caseId: caseRow.id,
        lawyerId,
        clientId: auth.userId,
        text: request.body.text,
        now: clock.now(),
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/api/feedbacks/received',
    { schema: { response: { 200: FeedbackListResponseSchema }, querystring: FeedbackListQuerySchema } },
    async (request) => {
      const auth = await requireRole(request, 'lawyer');
      const { page } = request.query;
      const { items, total } = await listReceivedFeedback(db, auth.userId, page, FEEDBACK_PER_PAGE);
      return {
        data: items,
        ...buildPagination({
          path: '/api/feedbacks/received',
          page,
          perPage: FEEDBACK_PER_PAGE,
          total,
          count: items.length,
        }),
      };
    },
  );

  app.get('/api/feedbacks/latest', { schema: { response: { 200: LatestFeedbackResponseSchema } } }, async (request) => {
    const auth = await requireRole(request, 'lawyer');
    return { data: await getLatestFeedback(db, auth.userId) };
  });

  app.post(
    '/api/feedbacks/:id/mark-as-read',
    { schema: { response: { 200: FeedbackResponseSchema }, params: IdParams } },
    async (request) => {
      const auth = await requireRole(request, 'lawyer');
      if (!isUuid(request.params.id)) throw notFound();
      const updated = await markFeedbackAsRead(db, request.params.id, auth.userId, clock.now());
      if (!updated) throw notFound();
      return { data: updated };
    },
  );
};

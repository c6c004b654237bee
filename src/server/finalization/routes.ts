import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import {
  FINALIZATION_DATE_MESSAGE,
  FINALIZATION_REQUIRED_MESSAGE,
  FinalizationAnswersRequestSchema,
  isCalendarDate,
  FinalizationQuestionListResponseSchema,
} from '../../contract/questions';
import { requireCaseAccess } from '../cases/access';
import { fieldError } from '../infra/errors/errors';
import { activeFinalizationTypes, answerFinalizationQuestions, getFinalizationQuestions } from './queries';

const CaseParams = z.object({ id: text().max(64) });

/** GET/POST /api/cases/{id}/finalization-questions: the lawyer's closing questions of a case. */
export const finalizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/api/cases/:id/finalization-questions',
    { schema: { response: { 200: FinalizationQuestionListResponseSchema }, params: CaseParams } },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      return { data: await getFinalizationQuestions(db, caseRow.id) };
    },
  );

  app.post(
    '/api/cases/:id/finalization-questions',
    {
      schema: {
        response: { 200: FinalizationQuestionListResponseSchema },
        params: CaseParams,
        body: FinalizationAnswersRequestSchema,
      },
    },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
      const types = await activeFinalizationTypes(db);
      const active = new Set(types.keys());
      const sent = new Map(request.body.questions.map((q) => [q.id, q.answer]));
      // Every active question must be answered, and nothing else may be sent.
      if (
        sent.size !== request.body.questions.length ||
        [...sent.keys()].some((id) => !active.has(id)) ||
        [...active].some((id) => !sent.has(id))
      ) {
        throw fieldError('questions', FINALIZATION_REQUIRED_MESSAGE);
      }
      // A date question takes a real day (YYYY-MM-DD, as a date field sends it), nothing else.
      if ([...sent].some(([id, answer]) => types.get(id) === 'date' && !isCalendarDate(answer)))
        throw fieldError('questions', FINALIZATION_DATE_MESSAGE);
      const now = clock.now();
      await answerFinalizationQuestions(db, { caseId: caseRow.id, actorId: auth.userId, answers: sent, now });
      return { data: await getFinalizationQuestions(db, caseRow.id) };
    },
  );
};

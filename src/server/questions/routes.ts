import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnswersRequestSchema, QuestionListResponseSchema } from '../../contract/questions';
import { requireRole } from '../auth/access';
import { getQuestionsWithAnswers } from '../cases/views';
import { saveAnswers } from './queries';

/** Story questions of clients (/api/client-questions) and lawyers (/api/lawyer-questions), answered by the user. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  for (const audience of ['client', 'lawyer'] as const) {
    app.get(
      `/api/${audience}-questions`,
      { schema: { response: { 200: QuestionListResponseSchema } } },
      async (request) => {
        const auth = await requireRole(request, audience);
        return { data: await getQuestionsWithAnswers(db, audience, auth.userId) };
      },
    );

    app.post(
      `/api/${audience}-questions/answers`,
      { schema: { response: { 200: QuestionListResponseSchema }, body: AnswersRequestSchema } },
      async (request) => {
        const auth = await requireRole(request, audience);
        await saveAnswers(db, {
          audience,
          ownerId: auth.userId,
          questions: request.body.questions,
          now: clock.now(),
          touchCaseOfClient: audience === 'client',
        });
        return { data: await getQuestionsWithAnswers(db, audience, auth.userId) };
      },
    );
  }
};

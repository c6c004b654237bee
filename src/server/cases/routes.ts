import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaseAccess, requireOwnCase } from './access';
import { getClientCaseView, getLawyerCaseView } from './views';

const CaseParams = z.object({ id: z.string().max(64) });

export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const link = () => ({ secret: config.appSecret, now: clock.now() });

  app.get('/api/cases/mine', async (request) => {
    const { caseRow } = await requireOwnCase(request);
    return { data: await getClientCaseView(db, caseRow, link()) };
  });

  app.get('/api/cases/:id', { schema: { params: CaseParams } }, async (request) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
    return { data: await getLawyerCaseView(db, caseRow, auth.userId, link()) };
  });
};

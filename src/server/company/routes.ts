import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { UpdateCompanyRequestSchema, CaseClientViewResponseSchema } from '../../contract/cases';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView } from '../cases/views';
import { updateCompany } from './queries';

const IdParams = z.object({ id: text().max(64) });

/** PATCH /api/cases/{id}: the client's ex-employer details; complete data may move a lead on (workflow). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  app.patch(
    '/api/cases/:id',
    { schema: { response: { 200: CaseClientViewResponseSchema }, params: IdParams, body: UpdateCompanyRequestSchema } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const now = clock.now();
      const row = await updateCompany(db, { caseId: caseRow.id, actorId: auth.userId, body: request.body, now });
      return { data: await getClientCaseView(db, row, { secret: config.appSecret, now, storage }) };
    },
  );
};

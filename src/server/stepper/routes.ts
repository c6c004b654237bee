import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { StepperQuerySchema, StepperResponseSchema } from '../../contract/stepper';
import { requireCaseAccess } from '../cases/access';
import { getStepper } from './queries';

const CaseParams = z.object({ id: text().max(64) });

/** GET /api/cases/{id}/status-stepper: the client's stepper (also readable by the case's lawyer). */
export const stepperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/api/cases/:id/status-stepper',
    { schema: { response: { 200: StepperResponseSchema }, params: CaseParams, querystring: StepperQuerySchema } },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id);
      return { data: await getStepper(db, caseRow, request.query.lang ?? 'nl-NL') };
    },
  );
};

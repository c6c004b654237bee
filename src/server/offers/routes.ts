import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../contract/text';
import { UpdateOfferRequestSchema } from '../../contract/offers';
import { UpdateOfferResponseSchema } from '../../contract/cases';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView, getLawyerCaseView } from '../cases/views';
import { chooseOffer } from './queries';

const CaseParams = z.object({ id: text().max(64) });

/**
 * PATCH /api/cases/{id}/offer: the client who owns the case or the case's lawyer (from case
 * detail) sets the package. The workflow module moves the case (to
 * offer-chosen, also back from proposal so a letter for the new package is sent) and a
 * lawyer is assigned at once when it has none; all in one transaction (`chooseOffer`). Once
 * the engagement letter is signed nobody can change the package (409 with the reason). A
 * client only moves up: a cheaper package is refused (409), the same one again changes
 * nothing (decision 019).
 */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  app.patch(
    '/api/cases/:id/offer',
    { schema: { response: { 200: UpdateOfferResponseSchema }, params: CaseParams, body: UpdateOfferRequestSchema } },
    async (request) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
      const now = clock.now();
      const updated = await chooseOffer(db, { caseId: caseRow.id, actor: auth, offer: request.body.offer, now });
      const link = { secret: config.appSecret, now, storage };
      if (auth.role === 'client') return { data: await getClientCaseView(db, updated, link) };
      return { data: await getLawyerCaseView(db, updated, auth.userId, link) };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '../../contract/text';
import { canChangeOffer } from '../../contract/rules/case-route';
import { getUpgradeOffers } from '../../contract/rules/offer-selection';
import { OFFER_SLUGS, UpdateOfferRequestSchema, type OfferSlug } from '../../contract/offers';
import type { StatusSlug } from '../../contract/statuses';
import { emit } from '../domain-events';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView, getLawyerCaseView } from '../cases/views';
import { cases } from '../db/schema';
import { AppError, notFound } from '../errors/errors';
import { applyCaseEvent } from '../workflow/apply';
import { assignLawyerIfMissing } from './assignment';

const CaseParams = z.object({ id: text().max(64) });

/**
 * PATCH /api/cases/{id}/offer: the client who owns the case or the case's lawyer (from case
 * detail) sets the package. The workflow module moves the case (to
 * offer-chosen, also back from proposal so a letter for the new package is sent) and a
 * lawyer is assigned at once when it has none; all in one transaction. Once the engagement
 * letter is signed nobody can change the package (409 with the reason). A client only moves
 * up: a cheaper package is refused (409), the same one again changes nothing (decision 019).
 */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, storage } = app.deps;

  app.patch('/api/cases/:id/offer', { schema: { params: CaseParams, body: UpdateOfferRequestSchema } }, async (request) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const offer = request.body.offer;
    const result = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cases).where(eq(cases.id, caseRow.id)).for('update');
      if (!locked) throw notFound();
      if (!canChangeOffer(locked.statusSlug as StatusSlug, locked.proposalSignedAt)) {
        throw new AppError('conflict', 'errors.offer.signed');
      }
      if (auth.role === 'client' && locked.offer) {
        if (offer === locked.offer) return { updated: locked };
        // The client's screen offers only the upgrades (the upgrade box); the API holds the same line.
        if (!getUpgradeOffers(OFFER_SLUGS, locked.offer as OfferSlug).includes(offer)) throw new AppError('conflict', 'errors.offer.downgrade');
      }
      await tx.update(cases).set({ offer, offerChosenAt: now, lastUpdateAt: now }).where(eq(cases.id, caseRow.id));
      await emit(tx, { actorId: auth.userId, action: 'case.offer_changed', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: { from: locked.offer, to: offer }, at: now });
      const move = await applyCaseEvent(tx, { caseId: caseRow.id, event: { type: 'offer-chosen' }, actorId: auth.userId, now });
      if (move?.to === 'offer-chosen') await assignLawyerIfMissing(tx, caseRow.id, now);
      const [updated] = await tx.select().from(cases).where(eq(cases.id, caseRow.id));
      if (!updated) throw notFound();
      return { updated };
    });
    const link = { secret: config.appSecret, now, storage };
    return { data: auth.role === 'client' ? await getClientCaseView(db, result.updated, link) : await getLawyerCaseView(db, result.updated, auth.userId, link) };
  });
};

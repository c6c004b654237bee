import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { UpdateOfferRequestSchema } from '../../contract/offers';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import { recordAudit } from '../audit/queries';
import { requireCaseAccess } from '../cases/access';
import { getClientCaseView, getLawyerCaseView } from '../cases/views';
import type { Db } from '../db/client';
import { cases } from '../db/schema';
import { notFound } from '../errors/errors';
import { assignLawyerIfMissing, mailAssignedLawyer } from './assignment';

const CaseParams = z.object({ id: z.string().max(64) });
const OFFER_CHOSEN_ORDER = getStatus('offer-chosen').order;

/**
 * PATCH /api/cases/{id}/offer: the client who owns the case or the case's lawyer sets the
 * package. A client's choice before offer-chosen moves the case to offer-chosen and assigns
 * a lawyer at once when it has none; all in one transaction.
 */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, mailer } = app.deps;

  app.patch('/api/cases/:id/offer', { schema: { params: CaseParams, body: UpdateOfferRequestSchema } }, async (request) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const offer = request.body.offer;
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [locked] = await tx.select().from(cases).where(eq(cases.id, caseRow.id)).for('update');
      if (!locked) throw notFound();
      const fromStatus = locked.statusSlug as StatusSlug;
      const advance = auth.role === 'client' && getStatus(fromStatus).order < OFFER_CHOSEN_ORDER;
      const [updated] = await tx
        .update(cases)
        .set({ offer, offerChosenAt: now, lastUpdateAt: now, ...(advance ? { statusSlug: 'offer-chosen' } : {}) })
        .where(eq(cases.id, caseRow.id))
        .returning();
      if (!updated) throw notFound();
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'case.offer_changed',
        subjectType: 'case',
        subjectId: caseRow.id,
        data: { from: locked.offer, to: offer, ...(advance ? { status_from: fromStatus, status_to: 'offer-chosen' } : {}) },
        at: now,
      });
      if (advance) {
        await recordAudit(tx, { actorId: auth.userId, action: 'case.status_changed', subjectType: 'case', subjectId: caseRow.id, data: { from: fromStatus, to: 'offer-chosen' }, at: now });
      }
      const lawyer = advance ? await assignLawyerIfMissing(tx, caseRow.id, now) : null;
      return { updated, lawyer };
    });
    if (result.lawyer) {
      await mailAssignedLawyer(db, caseRow.id, result.lawyer, { mailer, productName: config.site.productName, portalUrl: `${config.publicUrl}/` });
    }
    const link = { secret: config.appSecret, now };
    return { data: auth.role === 'client' ? await getClientCaseView(db, result.updated, link) : await getLawyerCaseView(db, result.updated, auth.userId, link) };
  });
};

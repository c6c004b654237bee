import { eq } from 'drizzle-orm';
import { canChangeOffer } from '../../contract/rules/case-route';
import { getUpgradeOffers } from '../../contract/rules/offer-selection';
import { OFFER_SLUGS, type OfferSlug } from '../../contract/offers';
import type { Role } from '../../contract/permissions';
import type { StatusSlug } from '../../contract/statuses';
import type { Db } from '../infra/db/client';
import { cases } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { AppError, notFound } from '../infra/errors/errors';
import { applyCaseEvent } from '../workflow/apply';
import { assignLawyerIfMissing } from './assignment';

type CaseRow = typeof cases.$inferSelect;

/**
 * Sets a case's package in one transaction: the case is locked, the package checked (never
 * after the engagement letter is signed; a client only moves up, the same one again changes
 * nothing), the change recorded, the case moved by the workflow and a lawyer assigned when
 * it has none. Returns the case as it is afterwards.
 */
export async function chooseOffer(
  db: Db,
  input: { caseId: string; actor: { userId: string; role: Role }; offer: OfferSlug; now: Date },
): Promise<CaseRow> {
  const { caseId, actor, offer, now } = input;
  return withEvents(db, async (tx) => {
    const [locked] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update');
    if (!locked) throw notFound();
    if (!canChangeOffer(locked.statusSlug as StatusSlug, locked.proposalSignedAt)) {
      throw new AppError('conflict', 'errors.offer.signed');
    }
    if (actor.role === 'client' && locked.offer) {
      if (offer === locked.offer) return locked;
      // The client's screen offers only the upgrades (the upgrade box); the API holds the same line.
      if (!getUpgradeOffers(OFFER_SLUGS, locked.offer as OfferSlug).includes(offer))
        throw new AppError('conflict', 'errors.offer.downgrade');
    }
    await tx.update(cases).set({ offer, offerChosenAt: now, lastUpdateAt: now }).where(eq(cases.id, caseId));
    await emit(tx, {
      actorId: actor.userId,
      action: 'case.offer_changed',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: { from: locked.offer, to: offer },
      at: now,
    });
    const move = await applyCaseEvent(tx, { caseId, event: { type: 'offer-chosen' }, actorId: actor.userId, now });
    if (move?.to === 'offer-chosen') await assignLawyerIfMissing(tx, caseId, now);
    const [updated] = await tx.select().from(cases).where(eq(cases.id, caseId));
    if (!updated) throw notFound();
    return updated;
  });
}

import type { OfferSlug } from '../offers';

/** An offer counts as signed when the case status order is greater than 4. */
export const SIGNED_ORDER_THRESHOLD = 4;
export const isOfferSigned = (statusOrder: number) => statusOrder > SIGNED_ORDER_THRESHOLD;

export type OfferPill = 'most-chosen' | 'requested' | 'signed' | null;

/**
 * The pill on a package card: 'Getekend' for the chosen offer once signed, 'Opgevraagd' for
 * the chosen offer before that, 'Meest gekozen' on the complete package when it is not chosen.
 */
export function getOfferPill(card: OfferSlug, chosen: OfferSlug | null, statusOrder: number): OfferPill {
  if (chosen === card) return isOfferSigned(statusOrder) ? 'signed' : 'requested';
  if (card === 'complete') return 'most-chosen';
  return null;
}

/** Once an offer is chosen only that card is shown (plus an upgrade box); before, all three. */
export function getVisibleOffers(all: readonly OfferSlug[], chosen: OfferSlug | null): OfferSlug[] {
  return chosen ? all.filter((slug) => slug === chosen) : [...all];
}

/** Packages above the chosen one, offered in the upgrade box. */
export function getUpgradeOffers(all: readonly OfferSlug[], chosen: OfferSlug | null): OfferSlug[] {
  if (!chosen) return [];
  return all.slice(all.indexOf(chosen) + 1);
}

/**
 * The statutory collection costs (Besluit vergoeding voor buitengerechtelijke incassokosten,
 * art. 2): a sliding scale over the principal, at least € 40 and at most € 6.775. The portal
 * never charges them; the fourteen-day letter (art. 6:96 lid 6 BW) states what would apply.
 */
const SCALE: readonly { upToCents: number; permille: number }[] = [
  { upToCents: 250_000, permille: 150 },
  { upToCents: 500_000, permille: 100 },
  { upToCents: 1_000_000, permille: 50 },
  { upToCents: 20_000_000, permille: 10 },
  { upToCents: Number.POSITIVE_INFINITY, permille: 5 },
];
export const COLLECTION_COSTS_MINIMUM_CENTS = 4_000;
export const COLLECTION_COSTS_MAXIMUM_CENTS = 677_500;

/** The collection costs over a principal in cents, rounded half up to a cent. */
export function getCollectionCosts(principalCents: number): number {
  if (principalCents <= 0) return 0;
  let rest = principalCents;
  let from = 0;
  let milliCents = 0;
  for (const band of SCALE) {
    const width = Math.min(rest, band.upToCents - from);
    milliCents += width * band.permille;
    rest -= width;
    from = band.upToCents;
    if (rest <= 0) break;
  }
  const cents = Math.floor((milliCents + 500) / 1000);
  return Math.min(COLLECTION_COSTS_MAXIMUM_CENTS, Math.max(COLLECTION_COSTS_MINIMUM_CENTS, cents));
}

import { describe, expect, it } from 'vitest';
import { OFFER_SLUGS } from '../offers';
import { getOfferPill, getUpgradeOffers, getVisibleOffers, isOfferSigned } from './offer-selection';

describe('isOfferSigned', () => {
  it('is signed only above status order 4', () => {
    expect(isOfferSigned(3)).toBe(false);
    expect(isOfferSigned(4)).toBe(false);
    expect(isOfferSigned(5)).toBe(true);
    expect(isOfferSigned(11)).toBe(true);
  });
});

describe('getOfferPill', () => {
  it("shows 'Meest gekozen' on the complete package while it is not chosen", () => {
    expect(getOfferPill('complete', null, 1)).toBe('most-chosen');
    expect(getOfferPill('complete', 'start', 3)).toBe('most-chosen');
    expect(getOfferPill('start', null, 1)).toBeNull();
    expect(getOfferPill('extreme', 'start', 3)).toBeNull();
  });
  it("shows 'Opgevraagd' on the chosen package before signing and 'Getekend' after", () => {
    expect(getOfferPill('complete', 'complete', 3)).toBe('requested');
    expect(getOfferPill('complete', 'complete', 4)).toBe('requested');
    expect(getOfferPill('complete', 'complete', 5)).toBe('signed');
    expect(getOfferPill('start', 'start', 9)).toBe('signed');
  });
});

describe('visible and upgrade offers', () => {
  it('shows all three until one is chosen, then only that one', () => {
    expect(getVisibleOffers(OFFER_SLUGS, null)).toEqual(['start', 'complete', 'extreme']);
    expect(getVisibleOffers(OFFER_SLUGS, 'complete')).toEqual(['complete']);
  });
  it('offers the packages above the chosen one as upgrades', () => {
    expect(getUpgradeOffers(OFFER_SLUGS, 'start')).toEqual(['complete', 'extreme']);
    expect(getUpgradeOffers(OFFER_SLUGS, 'extreme')).toEqual([]);
    expect(getUpgradeOffers(OFFER_SLUGS, null)).toEqual([]);
  });
});

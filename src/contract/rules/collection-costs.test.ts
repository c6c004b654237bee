import { describe, expect, it } from 'vitest';
import { getCollectionCosts } from './collection-costs';

describe('getCollectionCosts', () => {
  it('asks at least € 40', () => {
    expect(getCollectionCosts(10_000)).toBe(4_000);
    expect(getCollectionCosts(26_666)).toBe(4_000);
  });
  it('takes 15 % of the first € 2.500', () => {
    expect(getCollectionCosts(90_750)).toBe(13_613); // 15 % of € 907,50 = € 136,125, half up
    expect(getCollectionCosts(250_000)).toBe(37_500);
  });
  it('goes down the scale: 10 %, 5 %, 1 %, 0,5 %', () => {
    expect(getCollectionCosts(500_000)).toBe(62_500);
    expect(getCollectionCosts(1_000_000)).toBe(87_500);
    expect(getCollectionCosts(20_000_000)).toBe(277_500);
    expect(getCollectionCosts(30_000_000)).toBe(327_500);
  });
  it('stops at € 6.775', () => {
    expect(getCollectionCosts(200_000_000)).toBe(677_500);
  });
  it('is nothing without a principal', () => {
    expect(getCollectionCosts(0)).toBe(0);
  });
});

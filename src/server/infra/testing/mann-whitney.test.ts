import { describe, expect, it } from 'vitest';
import { mannWhitney, standardNormalCdf } from './mann-whitney';

describe('mannWhitney', () => {
  it('matches the normal CDF at known points', () => {
    expect(standardNormalCdf(0)).toBeCloseTo(0.5, 6);
    expect(standardNormalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(standardNormalCdf(-2.575829)).toBeCloseTo(0.005, 5);
  });

  it('gives U and p as R does (wilcox.test, exact = FALSE, correct = TRUE)', () => {
    // R: wilcox.test(c(1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30),
    // c(0.878,0.647,0.598,2.05,1.06,1.29,1.06,3.14,1.29), exact=FALSE)
    // W = 58, p-value = 0.1329
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    const result = mannWhitney(x, y);
    expect(result.u).toBe(58);
    expect(result.p).toBeCloseTo(0.1329, 3);
  });

  it('finds a clear shift and no shift in identical samples', () => {
    const a = Array.from({ length: 100 }, (_, i) => i);
    expect(
      mannWhitney(
        a,
        a.map((v) => v + 40),
      ).p,
    ).toBeLessThan(1e-6);
    expect(mannWhitney(a, [...a].reverse()).p).toBeGreaterThan(0.99);
  });
});

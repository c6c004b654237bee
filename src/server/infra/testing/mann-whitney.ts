/**
 * Two-sided Mann–Whitney U test with the normal approximation, tie correction and continuity
 * correction (fine for samples of 20 and more). Returns U of the first sample and the p-value.
 */
export function mannWhitney(a: readonly number[], b: readonly number[]): { u: number; z: number; p: number } {
  const n1 = a.length;
  const n2 = b.length;
  const all = [...a.map((value) => ({ value, first: true })), ...b.map((value) => ({ value, first: false }))].sort(
    (x, y) => x.value - y.value,
  );
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.value === all[i]!.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = rank;
    const t = j - i + 1;
    tieTerm += t * t * t - t;
    i = j + 1;
  }
  let rankSum = 0;
  all.forEach((item, index) => {
    if (item.first) rankSum += ranks[index]!;
  });
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, p: 1 };
  const diff = Math.abs(u - mean);
  const z = Math.max(0, diff - 0.5) / Math.sqrt(variance);
  return { u, z, p: Math.min(1, 2 * (1 - standardNormalCdf(z))) };
}

/** Φ(z) via the complementary error function (Numerical Recipes erfc, |error| < 1.2e-7). */
export function standardNormalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * How many calls to label in each stratum for a sample of a given size: proportional allocation (n_h ∝ N_h) and
 * Neyman allocation (n_h ∝ N_h·S_h, Neyman 1934; Cochran, Sampling Techniques, 3rd ed., §5.5), rounded to whole calls by
 * largest remainder and never more than a stratum holds (the surplus goes to the other strata in the same proportion).
 */

/**
 * Whole numbers summing to min(total, Σ caps), near total·w_h/Σw, each ≤ its cap: strata whose share reaches their cap
 * get the cap and the rest is shared again; floors first, then one more to the largest remainders (ties: the larger
 * weight, then the earlier stratum). Strata of weight 0 get calls only when every stratum left has weight 0.
 */
export function allocateByWeights(weights: readonly number[], caps: readonly number[], total: number): number[] {
  if (weights.length !== caps.length) throw new RangeError('one weight and one cap per stratum');
  if (weights.some((w) => !(w >= 0)) || caps.some((c) => !(c >= 0)))
    throw new RangeError('weights and caps must be ≥ 0');
  const out = caps.map(() => 0);
  let left = Math.min(
    Math.max(0, Math.floor(total)),
    caps.reduce((a, b) => a + b, 0),
  );
  let open = caps.map((_, h) => h).filter((h) => caps[h] > 0);
  while (left > 0 && open.length > 0) {
    const positive = open.some((h) => weights[h] > 0);
    const w = (h: number) => (positive ? weights[h] : caps[h]);
    const sum = open.reduce((a, h) => a + w(h), 0);
    const capped = open.filter((h) => (left * w(h)) / sum >= caps[h] - out[h]);
    if (capped.length > 0) {
      for (const h of capped) {
        left -= caps[h] - out[h];
        out[h] = caps[h];
      }
      open = open.filter((h) => !capped.includes(h));
      continue;
    }
    const exact = open.map((h) => ({ h, share: (left * w(h)) / sum }));
    for (const e of exact) out[e.h] += Math.floor(e.share);
    let rest = left - exact.reduce((a, e) => a + Math.floor(e.share), 0);
    exact.sort(
      (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)) || w(b.h) - w(a.h) || a.h - b.h,
    );
    for (const e of exact) {
      if (rest === 0) break;
      out[e.h] += 1;
      rest -= 1;
    }
    left = 0;
  }
  return out;
}

/** allocateByWeights after giving every stratum min(minimum, N_h) first (so no stratum is left without labels). */
function withMinimum(weights: readonly number[], sizes: readonly number[], total: number, minimum: number): number[] {
  const base = sizes.map((n) => Math.min(n, Math.max(0, Math.floor(minimum))));
  const given = base.reduce((a, b) => a + b, 0);
  if (given >= total) return allocateByWeights(sizes, base, total);
  const rest = allocateByWeights(
    weights,
    sizes.map((n, h) => n - base[h]),
    total - given,
  );
  return rest.map((n, h) => n + base[h]);
}

/** Proportional allocation: n_h ∝ N_h, after `minimum` calls per stratum (default 0). */
export function proportionalAllocation(sizes: readonly number[], total: number, minimum = 0): number[] {
  return withMinimum(sizes, sizes, total, minimum);
}

/**
 * Neyman allocation: n_h ∝ N_h·S_h, S_h the stratum's standard deviation of what is estimated (for PPI, of the
 * residual y − λf), which minimises the stratified mean's variance for a sample of `total`; proportional when every
 * S_h is 0. `minimum` calls per stratum (default 0) are given first.
 */
export function neymanAllocation(
  sizes: readonly number[],
  deviations: readonly number[],
  total: number,
  minimum = 0,
): number[] {
  if (sizes.length !== deviations.length) throw new RangeError('one deviation per stratum');
  return withMinimum(
    sizes.map((n, h) => n * deviations[h]),
    sizes,
    total,
    minimum,
  );
}

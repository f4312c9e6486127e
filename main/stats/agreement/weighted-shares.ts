/**
 * Per-pattern quantities of Gwet's (2014, ch. 3–5) raw-ratings coefficients for one agreement weight matrix: a unit u
 * with r_uk ratings in category k (m_u in all) has weighted counts r*_uk = Σ_l w_kl r_ul and agreement
 * Σ_k r_uk (r*_uk − 1) / (m_u (m_u − 1)) when m_u ≥ 2.
 */
import { MISSING } from './coding';
import type { RatingPatterns } from './patterns';
import { sparseRows } from './sparse-terms';

/** Dense per-pattern counts, shares and weighted agreement. */
export interface WeightedShares {
  q: number;
  /** The q × q agreement weights, flat and row-major. */
  weights: Float64Array;
  /** m_u of each pattern. */
  ratings: Float64Array;
  /** The weighted agreement of each pattern with m_u ≥ 2, else 0. */
  agreement: Float64Array;
  /** r_uk of pattern u at u·q + k. */
  counts: Float64Array;
}

/** Counts each pattern's ratings by category and its weighted agreement. */
export function weightedShares(patterns: RatingPatterns, weights: Float64Array): WeightedShares {
  const { nRaters, nCategories: q, codes } = patterns;
  const nPatterns = patterns.counts.length;
  const ratings = new Float64Array(nPatterns);
  const agreement = new Float64Array(nPatterns);
  const counts = new Float64Array(nPatterns * q);
  const sparse = sparseRows(weights, q);
  for (let p = 0; p < nPatterns; p++) {
    let m = 0;
    for (let r = 0; r < nRaters; r++) {
      const c = codes[p * nRaters + r];
      if (c === MISSING) continue;
      counts[p * q + c]++;
      m++;
    }
    ratings[p] = m;
    if (m < 2) continue;
    let sum = 0;
    for (let k = 0; k < q; k++) {
      const rk = counts[p * q + k];
      if (rk === 0) continue;
      let weighted = 0;
      // A zero weight's term is ±0, which changes no sum (sparse-terms.ts).
      for (let e = sparse.start[k]; e < sparse.start[k + 1]; e++) {
        weighted += weights[k * q + sparse.column[e]] * counts[p * q + sparse.column[e]];
      }
      sum += rk * (weighted - 1);
    }
    agreement[p] = sum / (m * (m - 1));
  }
  return { q, weights, ratings, agreement, counts };
}

/**
 * Weighted observed agreement p_a (mean over units with m_u ≥ 2; NaN when there are none) from per-pattern item
 * weights, filling `pi` with π_k, the mean over units with m_u ≥ 1 of r_uk / m_u.
 */
export function weightedAgreementAndShares(s: WeightedShares, itemWeights: Float64Array, pi: Float64Array): number {
  const { q, ratings, agreement, counts } = s;
  pi.fill(0);
  let rated = 0;
  let pairable = 0;
  let sum = 0;
  for (let p = 0; p < itemWeights.length; p++) {
    const w = itemWeights[p];
    const m = ratings[p];
    if (w === 0 || m === 0) continue;
    rated += w;
    const f = w / m;
    for (let k = 0; k < q; k++) pi[k] += f * counts[p * q + k];
    if (m >= 2) {
      pairable += w;
      sum += w * agreement[p];
    }
  }
  for (let k = 0; k < q; k++) pi[k] /= rated;
  return pairable > 0 ? sum / pairable : NaN;
}

/** Σ_kl w_kl, the total of the weight matrix (q for the identity). */
export function weightTotal(weights: Float64Array): number {
  let total = 0;
  for (const w of weights) total += w;
  return total;
}

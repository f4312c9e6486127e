/** Per-unit category counts shared by percent agreement, Fleiss' κ and Gwet's AC1 (Gwet 2014 conventions for missing ratings). */
import { MISSING } from './coding';
import type { RatingPatterns } from './patterns';

/** Per-pattern quantities: number of ratings m_u, pairwise agreement, and the shares r_uk / m_u of each category. */
export interface PatternShares {
  nCategories: number;
  /** m_u, the number of ratings in the pattern. */
  ratings: Float64Array;
  /** Σ_k r_uk(r_uk − 1) / (m_u(m_u − 1)) when m_u ≥ 2; unused otherwise. */
  agreement: Float64Array;
  /** Sparse shares: entries start[p] .. start[p + 1] − 1 hold (category[e], share[e] = r_uk / m_u). */
  start: Int32Array;
  category: Int32Array;
  share: Float64Array;
}

/** Precomputes the per-pattern counts once, so each evaluation is a weighted sum. */
export function patternShares(patterns: RatingPatterns): PatternShares {
  const { nRaters, nCategories, codes, counts } = patterns;
  const nPatterns = counts.length;
  const ratings = new Float64Array(nPatterns);
  const agreement = new Float64Array(nPatterns);
  const start = new Int32Array(nPatterns + 1);
  const category: number[] = [];
  const share: number[] = [];
  const tally = new Float64Array(nCategories);
  for (let p = 0; p < nPatterns; p++) {
    tally.fill(0);
    let m = 0;
    for (let r = 0; r < nRaters; r++) {
      const c = codes[p * nRaters + r];
      if (c !== MISSING) {
        tally[c]++;
        m++;
      }
    }
    let pairs = 0;
    for (let k = 0; k < nCategories; k++) {
      if (tally[k] === 0) continue;
      pairs += tally[k] * (tally[k] - 1);
      category.push(k);
      share.push(tally[k] / m);
    }
    ratings[p] = m;
    agreement[p] = m >= 2 ? pairs / (m * (m - 1)) : 0;
    start[p + 1] = category.length;
  }
  return { nCategories, ratings, agreement, start, category: Int32Array.from(category), share: Float64Array.from(share) };
}

/**
 * Weighted observed agreement p_a, the mean of `agreement` over units with at least 2 ratings (NaN when there are none),
 * and fills `pi` with π_k, the mean over units with at least 1 rating of r_uk / m_u.
 */
export function agreementAndShares(s: PatternShares, weights: Float64Array, pi: Float64Array): number {
  pi.fill(0);
  let agreementSum = 0;
  let pairable = 0;
  let rated = 0;
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p];
    if (w === 0) continue;
    rated += w;
    for (let e = s.start[p]; e < s.start[p + 1]; e++) pi[s.category[e]] += w * s.share[e];
    if (s.ratings[p] >= 2) {
      pairable += w;
      agreementSum += w * s.agreement[p];
    }
  }
  for (let k = 0; k < pi.length; k++) pi[k] /= rated;
  return pairable > 0 ? agreementSum / pairable : NaN;
}

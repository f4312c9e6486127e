/**
 * Conger's (1980) κ for any number of raters, with missing ratings and agreement weights as Gwet (2014, ch. 4) and
 * irrCAC conger.kappa.raw compute it: p_a as Fleiss' κ; p_e from each rater's own category shares.
 */
import type { CodedRatings } from './coding';
import { MISSING } from './coding';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';
import { sparseRows, type SparseRows } from './sparse-terms';
import { weightedShares } from './weighted-shares';
import { agreementWeights, type WeightFamily } from './weights';

/** Per-rater category counts n_gk of weighted patterns, into `out` (r × q); returns nothing. */
export function raterCounts(patterns: RatingPatterns, itemWeights: Float64Array, out: Float64Array): void {
  const { nRaters, nCategories: q, codes } = patterns;
  out.fill(0);
  for (let p = 0; p < itemWeights.length; p++) {
    const w = itemWeights[p];
    if (w === 0) continue;
    for (let g = 0; g < nRaters; g++) {
      const c = codes[p * nRaters + g];
      if (c !== MISSING) out[g * q + c] += w;
    }
  }
}

/** Rater shares p_gk = n_gk / n_g of the raters with at least one rating, and their mean p̄_k. */
export interface RaterShares {
  /** p_gk of the kept raters, r × q. */
  shares: Float64Array;
  mean: Float64Array;
  /** Index of each kept rater in the table. */
  raters: number[];
  /** n_g of each kept rater. */
  totals: number[];
}

/** Shares of the raters who rated at least once (a rater with no rating takes no part in Conger's p_e). */
export function raterShares(counts: Float64Array, nRaters: number, q: number): RaterShares {
  const raters: number[] = [];
  const totals: number[] = [];
  for (let g = 0; g < nRaters; g++) {
    let total = 0;
    for (let k = 0; k < q; k++) total += counts[g * q + k];
    if (total > 0) {
      raters.push(g);
      totals.push(total);
    }
  }
  const shares = new Float64Array(raters.length * q);
  const mean = new Float64Array(q);
  for (let i = 0; i < raters.length; i++) {
    const g = raters[i];
    for (let k = 0; k < q; k++) {
      shares[i * q + k] = counts[g * q + k] / totals[i];
      mean[k] += shares[i * q + k] / raters.length;
    }
  }
  return { shares, mean, raters, totals };
}

/**
 * Conger's p_e = Σ_kl w_kl (p̄_k p̄_l − s²_kl / r), s²_kl = (Σ_g p_gk p_gl − r p̄_k p̄_l)/(r − 1) the covariance of the
 * raters' shares; with two raters it is Cohen's p_e. NaN with fewer than two raters. A category no rater used adds
 * nothing, nor does a zero weight: the sum visits the rest in the dense order (sparse-terms.ts).
 */
export function congerChance(s: RaterShares, weights: SparseRows, q: number): number {
  const r = s.raters.length;
  if (r < 2) return NaN;
  const used = new Int32Array(q);
  let nUsed = 0;
  for (let k = 0; k < q; k++) if (s.mean[k] !== 0) used[nUsed++] = k;
  let pe = 0;
  for (let a = 0; a < nUsed; a++) {
    const k = used[a];
    const from = weights.diagonal ? a : 0;
    const to = weights.diagonal ? a + 1 : nUsed;
    for (let b = from; b < to; b++) {
      const l = used[b];
      const w = weights.matrix[k * q + l];
      if (w === 0) continue;
      let cross = 0;
      for (let g = 0; g < r; g++) cross += s.shares[g * q + k] * s.shares[g * q + l];
      const mean = s.mean[k] * s.mean[l];
      pe += w * (mean - (cross - r * mean) / (r * (r - 1)));
    }
  }
  return pe;
}

/** Estimator of Conger's κ with agreement weights `weights`. */
export function congerKappaEstimator(patterns: RatingPatterns, weights: Float64Array): Estimator {
  const q = patterns.nCategories;
  const s = weightedShares(patterns, weights);
  const sparse = sparseRows(weights, q);
  const counts = new Float64Array(patterns.nRaters * q);
  return (itemWeights) => {
    let pairable = 0;
    let sum = 0;
    for (let p = 0; p < itemWeights.length; p++) {
      if (s.ratings[p] < 2) continue;
      pairable += itemWeights[p];
      sum += itemWeights[p] * s.agreement[p];
    }
    raterCounts(patterns, itemWeights, counts);
    const pe = congerChance(raterShares(counts, patterns.nRaters, q), sparse, q);
    return pairable > 0 && pe < 1 ? (sum / pairable - pe) / (1 - pe) : NaN;
  };
}

/** Conger's κ of a coded table, unweighted or with irrCAC's weights of a family. */
export function congerKappa(coded: CodedRatings, family: WeightFamily = 'identity'): number {
  const weights = agreementWeights(family, coded.categories);
  return evaluateOnTable(coded, (p) => congerKappaEstimator(p, weights));
}

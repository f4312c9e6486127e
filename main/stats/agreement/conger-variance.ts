/** Gwet's linearization variance of Conger's κ (Gwet 2014, ch. 5; irrCAC conger.kappa.raw). */
import type { VarianceEstimate } from './analytic';
import { MISSING } from './coding';
import { congerChance, raterCounts, raterShares } from './conger-kappa';
import type { RatingPatterns } from './patterns';
import { sparseRows } from './sparse-terms';
import { weightedShares } from './weighted-shares';

/**
 * Conger's κ with its variance over the n units rated at least once (n₂ at least twice): a rater g's rating of unit u
 * adds λ_ug = Σ_k (r p̄_k − p_gk) (n/n_g) Σ_l w_kl (δ_ugl − (ε_ug − n_g/n) p_gl) to p_e,u = Σ_g λ_ug / (r(r − 1)),
 * δ_ugl = [g rated u as l], ε_ug = [g rated u]; then κ*_u and v as for the other raw-ratings coefficients.
 */
export function congerVariance(patterns: RatingPatterns, weights: Float64Array): VarianceEstimate {
  const { nRaters, nCategories: q, codes } = patterns;
  const s = weightedShares(patterns, weights);
  const counts = new Float64Array(nRaters * q);
  raterCounts(patterns, patterns.counts, counts);
  const shares = raterShares(counts, nRaters, q);
  const sparse = sparseRows(weights, q);
  const pe = congerChance(shares, sparse, q);
  const r = shares.raters.length;
  let n = 0;
  let n2 = 0;
  let sum = 0;
  patterns.counts.forEach((c, p) => {
    if (s.ratings[p] >= 1) n += c;
    if (s.ratings[p] >= 2) {
      n2 += c;
      sum += c * s.agreement[p];
    }
  });
  const pa = sum / n2;
  const estimate = (pa - pe) / (1 - pe);
  // λ of each kept rater for each code: a category 0 … q − 1, or q for "not rated".
  const lambda = new Float64Array(r * (q + 1));
  shares.raters.forEach((g, i) => {
    const rated = shares.totals[i] / n;
    for (let code = 0; code <= q; code++) {
      let total = 0;
      for (let k = 0; k < q; k++) {
        let inner = 0;
        // A zero weight's term is ±0, which changes no sum (sparse-terms.ts).
        for (let e = sparse.start[k]; e < sparse.start[k + 1]; e++) {
          const l = sparse.column[e];
          const hit = code === l ? 1 : 0;
          inner += weights[k * q + l] * (hit - ((code < q ? 1 : 0) - rated) * shares.shares[i * q + l]);
        }
        total += (inner / rated) * (r * shares.mean[k] - shares.shares[i * q + k]);
      }
      lambda[i * (q + 1) + code] = total;
    }
  });
  let squares = 0;
  patterns.counts.forEach((c, p) => {
    if (s.ratings[p] === 0) return;
    let unitPe = 0;
    shares.raters.forEach((g, i) => {
      const code = codes[p * nRaters + g];
      unitPe += lambda[i * (q + 1) + (code === MISSING ? q : code)];
    });
    unitPe /= r * (r - 1);
    const paired = s.ratings[p] >= 2;
    const unit = ((n / n2) * (paired ? s.agreement[p] - pe : 0)) / (1 - pe);
    squares += c * (unit - (2 * (1 - estimate) * (unitPe - pe)) / (1 - pe) - estimate) ** 2;
  });
  return { estimate, pa, pe, variance: n >= 2 ? squares / (n * (n - 1)) : NaN, n };
}

/**
 * Variance of the two-rater table coefficients (Gwet 2014, ch. 5; irrCAC kappa2.table, scott2.table, bp2.table), from
 * the table p_kl of the n items both labelled: v = (Σ_kl p_kl (w_kl − 2(1 − κ) b_kl)² − (p_a − 2(1 − κ)p_e)²) /
 * (n (1 − p_e)²), with b_kl = (p̄_+k + p̄_l+)/2 for Cohen (p̄_+k = Σ_j w_kj p_·j, p̄_l+ = Σ_j w_jl p_j·), its symmetric
 * form for Scott, and 0 for Brennan–Prediger.
 */
import type { VarianceEstimate } from './analytic';
import { accumulateConfusion, confusionCells } from './confusion-matrix';
import type { RatingPatterns } from './patterns';
import { tableAgreement, type TableModel } from './two-rater-table';

/** The coefficient of two raters (by index) over the items both labelled, with its variance. */
export function tableVariance(
  model: TableModel,
  patterns: RatingPatterns,
  weights: Float64Array,
  raterA = 0,
  raterB = 1,
): VarianceEstimate {
  const q = patterns.nCategories;
  const table = new Float64Array(q * q);
  accumulateConfusion(confusionCells(patterns, raterA, raterB), patterns.counts, table);
  const t = tableAgreement(model, table, q, weights);
  const { n, pa, pe, estimate, rows, columns } = t;
  const colWeighted = new Float64Array(q);
  const rowWeighted = new Float64Array(q);
  for (let k = 0; k < q; k++) {
    for (let j = 0; j < q; j++) {
      colWeighted[k] += weights[k * q + j] * columns[j];
      rowWeighted[k] += weights[j * q + k] * rows[j];
    }
  }
  const half = (k: number, l: number) => {
    if (model === 'uniform') return 0;
    if (model === 'cohen') return (colWeighted[k] + rowWeighted[l]) / 2;
    return (colWeighted[k] + rowWeighted[k] + colWeighted[l] + rowWeighted[l]) / 4;
  };
  let sum = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++)
      sum += (table[k * q + l] / n) * (weights[k * q + l] - 2 * (1 - estimate) * half(k, l)) ** 2;
  }
  const centre = model === 'uniform' ? pa : pa - 2 * (1 - estimate) * pe;
  return { estimate, pa, pe, variance: (sum - centre ** 2) / (n * (1 - pe) ** 2), n };
}

/**
 * Two-rater coefficients from the q × q table of the items both raters labelled, with agreement weights (Gwet 2014
 * ch. 2–3; irrCAC kappa2.table, scott2.table, bp2.table): p_a = Σ w_kl p_kl, κ = (p_a − p_e)/(1 − p_e).
 */
import type { CodedRatings } from './coding';
import { accumulateConfusion, confusionCells } from './confusion-matrix';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';
import { agreementWeights, type WeightFamily } from './weights';

/**
 * p_e of each coefficient, p_k· and p_·l the two raters' shares: `cohen` Σ w_kl p_k· p_·l (Cohen 1960, 1968);
 * `scott` Σ w_kl π_k π_l with π_k = (p_k· + p_·k)/2 (Scott 1955); `uniform` Σ w_kl / q² (Brennan & Prediger 1981).
 */
export type TableModel = 'cohen' | 'scott' | 'uniform';

/** Observed and chance agreement of a table and its coefficient; NaN when the table is empty or p_e = 1. */
export interface TableAgreement {
  n: number;
  pa: number;
  pe: number;
  estimate: number;
  /** p_k·, the first rater's shares. */
  rows: Float64Array;
  /** p_·l, the second rater's shares. */
  columns: Float64Array;
}

/** Computes p_a, p_e and the coefficient of a flat q × q table of counts (rows: first rater). */
export function tableAgreement(
  model: TableModel,
  table: ArrayLike<number>,
  q: number,
  weights: Float64Array,
): TableAgreement {
  const rows = new Float64Array(q);
  const columns = new Float64Array(q);
  let n = 0;
  let observed = 0;
  let total = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      const x = table[k * q + l];
      rows[k] += x;
      columns[l] += x;
      n += x;
      observed += weights[k * q + l] * x;
      total += weights[k * q + l];
    }
  }
  for (let k = 0; k < q; k++) {
    rows[k] /= n;
    columns[k] /= n;
  }
  let pe = total / (q * q);
  if (model !== 'uniform') {
    pe = 0;
    for (let k = 0; k < q; k++) {
      for (let l = 0; l < q; l++) {
        const chance = model === 'cohen' ? rows[k] * columns[l] : ((rows[k] + columns[k]) * (rows[l] + columns[l])) / 4;
        pe += weights[k * q + l] * chance;
      }
    }
  }
  const pa = observed / n;
  const estimate = n > 0 && pe < 1 ? (pa - pe) / (1 - pe) : NaN;
  return { n, pa, pe, estimate, rows, columns };
}

/** Estimator of a two-rater table coefficient between raters `raterA` and `raterB` (by index). */
export function tableCoefficientEstimator(
  model: TableModel,
  patterns: RatingPatterns,
  weights: Float64Array,
  raterA = 0,
  raterB = 1,
): Estimator {
  const q = patterns.nCategories;
  const cells = confusionCells(patterns, raterA, raterB);
  const table = new Float64Array(q * q);
  return (itemWeights) => {
    accumulateConfusion(cells, itemWeights, table);
    return tableAgreement(model, table, q, weights).estimate;
  };
}

/** Cohen's κ of two raters with irrCAC's agreement weights of a family (identity = Cohen 1960). */
export function weightedCohenKappa(coded: CodedRatings, family: WeightFamily, raterA = 0, raterB = 1): number {
  const weights = agreementWeights(family, coded.categories);
  return evaluateOnTable(coded, (p) => tableCoefficientEstimator('cohen', p, weights, raterA, raterB));
}

/** Scott's (1955) π of two raters over the items both labelled, optionally weighted. */
export function scottPi(coded: CodedRatings, family: WeightFamily = 'identity', raterA = 0, raterB = 1): number {
  const weights = agreementWeights(family, coded.categories);
  return evaluateOnTable(coded, (p) => tableCoefficientEstimator('scott', p, weights, raterA, raterB));
}

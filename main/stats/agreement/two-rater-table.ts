/**
 * Two-rater coefficients from the q × q table of the items both raters labelled, with agreement weights (Gwet 2014
 * ch. 2–3; irrCAC kappa2.table, scott2.table, bp2.table): p_a = Σ w_kl p_kl, κ = (p_a − p_e)/(1 − p_e).
 */
import type { CodedRatings } from './coding';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';
import {
  denseTable,
  fillMargins,
  fillTable,
  patternTable,
  tableMargins,
  type Margins,
  type SparseTable,
} from './sparse-table';
import { sparseRows, type SparseRows } from './sparse-terms';
import { weightTotal } from './weighted-shares';
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
  const m = tableMargins(q);
  return sparseAgreement(model, denseTable(table, q), sparseRows(weights, q), weightTotal(weights), m);
}

/**
 * tableAgreement of a sparse table, `total` = Σ w_kl: the dense sums over their nonzero terms, in their order
 * (sparse-terms.ts); the shares p_k· and p_·l are left in m.rowSums and m.colSums.
 */
function sparseAgreement(model: TableModel, t: SparseTable, w: SparseRows, total: number, m: Margins): TableAgreement {
  fillMargins(t, m);
  const { q } = t;
  const { n, rowSums: rows, colSums: columns } = m;
  let observed = 0;
  for (let e = 0; e < t.cell.length; e++) observed += w.matrix[t.cell[e]] * t.value[e];
  const pa = observed / n;
  let pe = total / (q * q);
  if (n === 0) {
    // The dense form's shares are 0/0, and so is every p_e but the uniform one (0 when there are no categories).
    rows.fill(NaN);
    columns.fill(NaN);
    if (model !== 'uniform') pe = q === 0 ? 0 : NaN;
    return { n, pa, pe, estimate: NaN, rows, columns };
  }
  for (let a = 0; a < m.nRows; a++) rows[m.rows[a]] /= n;
  for (let a = 0; a < m.nColumns; a++) columns[m.columns[a]] /= n;
  if (model === 'cohen') {
    pe = 0;
    for (let a = 0; a < m.nRows; a++) {
      const k = m.rows[a];
      if (w.diagonal) {
        if (columns[k] !== 0) pe += w.matrix[k * q + k] * (rows[k] * columns[k]);
        continue;
      }
      for (let b = 0; b < m.nColumns; b++) {
        const x = w.matrix[k * q + m.columns[b]];
        if (x !== 0) pe += x * (rows[k] * columns[m.columns[b]]);
      }
    }
  } else if (model === 'scott') {
    const { either, values: pooled } = m;
    const nEither = mergeAscending(m.rows, m.nRows, m.columns, m.nColumns, either);
    for (let a = 0; a < nEither; a++) pooled[either[a]] = rows[either[a]] + columns[either[a]];
    pe = 0;
    for (let a = 0; a < nEither; a++) {
      const k = either[a];
      const from = w.diagonal ? a : 0;
      const to = w.diagonal ? a + 1 : nEither;
      for (let b = from; b < to; b++) {
        const x = w.matrix[k * q + either[b]];
        if (x !== 0) pe += x * ((pooled[k] * pooled[either[b]]) / 4);
      }
    }
  }
  const estimate = pe < 1 ? (pa - pe) / (1 - pe) : NaN;
  return { n, pa, pe, estimate, rows, columns };
}

/** The union of two ascending lists, ascending, into `out`; returns its length. */
function mergeAscending(a: Int32Array, na: number, b: Int32Array, nb: number, out: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < na || j < nb) {
    const x = j >= nb || (i < na && a[i] <= b[j]) ? a[i] : b[j];
    out[n++] = x;
    if (i < na && a[i] === x) i++;
    if (j < nb && b[j] === x) j++;
  }
  return n;
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
  const table = patternTable(patterns, raterA, raterB);
  const sparse = sparseRows(weights, q);
  const total = weightTotal(weights);
  const margins = tableMargins(q);
  return (itemWeights) => {
    fillTable(table, itemWeights);
    return sparseAgreement(model, table, sparse, total, margins).estimate;
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

/** Published example datasets with known agreement values, and builders that turn them into ratings tables (used by the tests). */
import type { RatingsTable } from './ratings';
import type { WeightFamily } from './weights';

type Cell = string | number | null;

/** A table from per-rater columns: `columns[r][i]` is rater r's label for item i (null = missing). */
export function fromColumns(columns: readonly (readonly Cell[])[], raters = columns.map((_, r) => `rater${r + 1}`)): RatingsTable {
  const n = columns[0].length;
  return {
    items: Array.from({ length: n }, (_, i) => `item${i + 1}`),
    raters,
    labels: Array.from({ length: n }, (_, i) => columns.map((col) => (col[i] === null ? null : String(col[i])))),
  };
}

/** A two-rater table from a contingency table: `counts[i][j]` items rated categories[i] by rater A and categories[j] by rater B. */
export function fromContingency(counts: readonly (readonly number[])[], categories = counts.map((_, i) => String(i + 1))): RatingsTable {
  const a: string[] = [];
  const b: string[] = [];
  counts.forEach((row, i) => row.forEach((x, j) => {
    for (let k = 0; k < x; k++) {
      a.push(categories[i]);
      b.push(categories[j]);
    }
  }));
  return fromColumns([a, b]);
}

/** A table from a subject × category distribution (`counts[u][k]` raters put unit u in categories[k]); rater identities are arbitrary. */
export function fromDistribution(counts: readonly (readonly number[])[], categories = counts[0].map((_, k) => String(k + 1))): RatingsTable {
  const width = Math.max(...counts.map((row) => row.reduce((s, x) => s + x, 0)));
  const columns: Cell[][] = Array.from({ length: width }, () => []);
  for (const row of counts) {
    const labels = row.flatMap((x, k) => new Array<string>(x).fill(categories[k]));
    columns.forEach((col, r) => col.push(labels[r] ?? null));
  }
  return fromColumns(columns);
}

/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers × 12 units, values 1–5, missing values. */
export const KRIPPENDORFF_2011_C: Cell[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/** Krippendorff (2011), section A: binary data, two observers, 10 units, no missing values (α = 0.095). */
export const KRIPPENDORFF_2011_A: Cell[][] = [
  [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
  [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
];

/** Wikipedia "Fleiss' kappa" worked example: 10 subjects, 14 raters, 5 categories (κ ≈ 0.210). */
export const WIKIPEDIA_FLEISS: number[][] = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

/** Wikipedia "Cohen's kappa" example: 50 proposals, yes/yes 20, A yes B no 5, A no B yes 10, no/no 15 (κ = 0.4). */
export const WIKIPEDIA_COHEN = [
  [20, 5],
  [10, 15],
];

/** irrCAC `cont3x3abstractors` (Gwet 2014): 100 pregnancies by two abstractors, Ectopic / AIU / NIU. */
export const IRRCAC_CONT3X3_ABSTRACTORS = [
  [13, 0, 0],
  [0, 20, 7],
  [0, 4, 56],
];

/** irrCAC `cont4x4diagnosis`: 223 psychiatric patients by research (rows) and clinical (columns) diagnosis. */
export const IRRCAC_CONT4X4_DIAGNOSIS = [
  [40, 4, 4, 17],
  [6, 25, 2, 13],
  [4, 1, 21, 12],
  [15, 5, 9, 45],
];

/** irrCAC `distrib.6raters`: 15 patients, 6 psychiatrists, 5 diagnoses (counts per patient and category). */
export const IRRCAC_DISTRIB_6RATERS = [
  [0, 0, 0, 6, 0],
  [0, 3, 0, 0, 3],
  [0, 1, 4, 0, 1],
  [0, 0, 0, 0, 6],
  [0, 3, 0, 3, 0],
  [2, 0, 4, 0, 0],
  [0, 0, 4, 0, 2],
  [2, 0, 3, 1, 0],
  [2, 0, 0, 4, 0],
  [0, 0, 0, 0, 6],
  [1, 0, 0, 5, 0],
  [1, 1, 0, 4, 0],
  [0, 3, 3, 0, 0],
  [1, 0, 0, 5, 0],
  [0, 2, 0, 3, 1],
];

/** irrCAC `cac.raw5observers` (Gwet 2014): 5 observers, 15 units, scores 0–3, missing values. */
export const IRRCAC_RAW_5OBSERVERS: Cell[][] = [
  [1, 1, 2, null, 0, 0, 1, 1, 2, 2, null, 0, 1, 3, 1],
  [1, 1, 3, 0, 0, 0, 0, null, 2, 1, 1, 0, 2, 3, 1],
  [2, 0, 3, 0, 0, 0, 2, 2, 2, 1, 0, 0, 2, 2, 1],
  [null, 1, 3, null, null, null, null, 0, null, 1, 0, 0, 2, 2, null],
  [2, null, null, 0, 0, 0, 1, null, 2, null, null, null, null, 3, 1],
];

/** irrCAC `cac.raw.gender`: 4 raters, 15 subjects, categories a–c, complete. */
export const IRRCAC_RAW_GENDER: Cell[][] = [
  'a a a a a b b b c a a a a a b'.split(' '),
  'a a a a b a b c c a a a a b a'.split(' '),
  'a b b c a a b b c a b b c a a'.split(' '),
  'c c c c a a b b c c c c c a a'.split(' '),
];

/** irrCAC `cac.ben.gerry`: two raters, 12 units, categories a–e, one missing rating. */
export const IRRCAC_BEN_GERRY: Cell[][] = [
  ['a', 'a', 'b', 'b', 'd', 'c', 'c', 'c', 'e', 'd', 'd', 'a'],
  ['b', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'e', null, 'd', 'd'],
];

/** irrCAC `cac.raw.g1g2`: 4 raters, 14 units, categories a–e, missing values. */
export const IRRCAC_RAW_G1G2: Cell[][] = [
  ['a', 'b', 'c', 'c', 'b', 'a', 'd', 'a', 'b', null, null, null, 'b', 'b'],
  ['a', 'b', 'c', 'c', 'b', 'b', 'd', 'a', 'b', 'e', null, null, 'b', 'a'],
  [null, 'c', 'c', 'c', 'b', 'c', 'd', 'b', 'b', 'e', 'a', 'c', 'c', 'c'],
  ['a', 'b', 'c', 'c', 'b', 'd', 'd', 'a', 'b', 'e', 'a', null, 'b', 'b'],
];

/**
 * irrCAC `cac.raw4raters`: Krippendorff's (2011) section C values with irrCAC's assignment of raters (the lone value of
 * unit 12 is Rater3's, unit 1 has no Rater3 value). Exchangeable coefficients equal those of KRIPPENDORFF_2011_C;
 * Conger's κ, which uses each rater's marginal, does not.
 */
export const IRRCAC_RAW_4RATERS: Cell[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, null],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/** Weighted figures of one weight family: estimates, then standard errors. */
export type WeightedFigures = [
  family: WeightFamily,
  pa: number,
  bp: number,
  ac2: number,
  fleiss: number,
  conger: number,
  seBp: number,
  seAc2: number,
  seFleiss: number,
  seConger: number,
];

/**
 * cac.raw4raters with each weight family, from the irrCAC Python port's raw tests (test/unit/irrCAC/raw: test_bp.py,
 * test_gwet.py, test_fleiss.py, test_conger.py; 3 decimals).
 */
export const IRRCAC_PORT_RAW4_WEIGHTED: WeightedFigures[] = [
  ['quadratic', 0.975, 0.902, 0.914, 0.865, 0.858, 0.111, 0.104, 0.146, 0.144],
  ['linear', 0.939, 0.848, 0.859, 0.818, 0.814, 0.123, 0.117, 0.149, 0.145],
  ['ordinal', 0.968, 0.886, 0.899, 0.85, 0.844, 0.114, 0.107, 0.147, 0.144],
  ['radical', 0.897, 0.813, 0.82, 0.79, 0.788, 0.133, 0.128, 0.15, 0.146],
  ['ratio', 0.954, 0.84, 0.857, 0.821, 0.812, 0.132, 0.122, 0.152, 0.149],
  ['circular', 0.902, 0.824, 0.83, 0.807, 0.805, 0.137, 0.133, 0.149, 0.147],
  ['bipolar', 0.968, 0.888, 0.9, 0.853, 0.845, 0.112, 0.106, 0.145, 0.142],
];

/** Fleiss (1971) Table 1 as R irr's `diagnoses`: 30 patients, 6 psychiatrists each, 5 diagnoses (one row per patient). */
export const FLEISS_1971_DIAGNOSES: number[][] = [
  [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
  [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
  [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
  [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
  [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
  [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
];

/** Per-rater columns of a table given as one row per unit. */
export function columnsOfRows(rows: readonly (readonly Cell[])[]): Cell[][] {
  return rows[0].map((_, r) => rows.map((row) => row[r]));
}

/** Wikipedia "Krippendorff's alpha" example (also the `krippendorff` package's doctest): 3 coders × 15 units. */
export const WIKIPEDIA_KRIPPENDORFF: Cell[][] = [
  [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
  [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
  [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
];

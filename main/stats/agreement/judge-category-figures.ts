/**
 * A judge's categories against human references over all categories: percent agreement, Cohen's κ and Gwet's AC1
 * for two raters (the judge and one reference), with paired percentile bootstrap intervals over the items.
 */
import type { JudgeInterval } from '../../../shared/types/judge-validation';
import { itemPatterns, patternIntervals, type PatternBootstrapOptions } from './pattern-bootstrap';

/** One item: the judge's category and each reference's category (null = not labelled by that reference). */
export interface CategoryItem {
  judge: string;
  references: readonly (string | null)[];
}

/** The figures of one reference: the items both labelled and three agreement figures with intervals. */
export interface CategoryFigures {
  n: number;
  percentAgreement: JudgeInterval;
  cohenKappa: JudgeInterval;
  gwetAc1: JudgeInterval;
}

/**
 * Two raters over q categories from a q×q table t (t[i·q + j]: judge i, reference j), written to out[to..to+2]:
 * p_o = Σ t_ii / n; Cohen's p_e = Σ row_i · col_i / n²; Gwet's p_e = Σ π_i (1 − π_i) / (q − 1) with
 * π_i = (row_i + col_i) / 2n (Gwet 2008). `row` and `col` are scratch space of length q.
 */
function writeCategoryFigures(
  t: Float64Array,
  q: number,
  out: Float64Array,
  to: number,
  row: Float64Array,
  col: Float64Array,
): void {
  let n = 0;
  let agree = 0;
  let peCohen = 0;
  let peGwet = 0;
  row.fill(0);
  col.fill(0);
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const x = t[i * q + j];
      n += x;
      row[i] += x;
      col[j] += x;
      if (i === j) agree += x;
    }
  }
  for (let i = 0; i < q; i++) {
    peCohen += (row[i] / n) * (col[i] / n);
    const pi = (row[i] + col[i]) / (2 * n);
    peGwet += (pi * (1 - pi)) / (q - 1);
  }
  const po = agree / n;
  out[to] = po;
  out[to + 1] = peCohen === 1 ? NaN : (po - peCohen) / (1 - peCohen);
  out[to + 2] = peGwet === 1 ? NaN : (po - peGwet) / (1 - peGwet);
}

/** The figures of the judge against each of `k` references over `categories` (every label must be one of them). */
export function judgeCategoryFigures(
  items: readonly CategoryItem[],
  k: number,
  categories: readonly string[],
  options: PatternBootstrapOptions = {},
): (CategoryFigures | null)[] {
  const q = categories.length;
  const code = new Map(categories.map((c, i) => [c, i]));
  const codeOf = (label: string) => {
    const c = code.get(label);
    if (c === undefined) throw new Error(`"${label}" is not one of the categories ${categories.join(', ')}`);
    return c;
  };
  const coded = items.map((it) => ({
    judge: codeOf(it.judge),
    refs: it.references.map((r) => (r === null ? -1 : codeOf(r))),
  }));
  const patterns = itemPatterns(coded.map((c) => `${c.judge}|${c.refs.join(',')}`));
  const reps = patterns.firstItem.map((i) => coded[i]);
  const judgeOf = Int32Array.from(reps, (p) => p.judge);
  const refOf = Int32Array.from(reps.flatMap((p) => p.refs));
  const table = new Float64Array(q * q);
  const [row, col] = [new Float64Array(q), new Float64Array(q)];
  const tableAt = (weights: Float64Array, r: number) => {
    table.fill(0);
    for (let x = 0; x < judgeOf.length; x++) {
      const h = refOf[x * k + r];
      if (h >= 0) table[judgeOf[x] * q + h] += weights[x];
    }
    return table;
  };
  const intervals = patternIntervals(
    patterns,
    k * 3,
    (weights, out) => {
      for (let r = 0; r < k; r++) writeCategoryFigures(tableAt(weights, r), q, out, r * 3, row, col);
    },
    options,
  );
  return Array.from({ length: k }, (_, r) => {
    const n = tableAt(patterns.counts, r).reduce((s, x) => s + x, 0);
    if (n === 0) return null;
    const [percentAgreement, cohenKappa, gwetAc1] = intervals.slice(r * 3, r * 3 + 3);
    return { n, percentAgreement, cohenKappa, gwetAc1 };
  });
}

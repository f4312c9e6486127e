/**
 * Judge flags against human references (annotators, the adjudicated label, pooled humans): the 2×2 counts and, from
 * them, percent agreement, Cohen's κ, Gwet's AC1, PABAK, precision, recall and F1, each with a percentile bootstrap
 * interval. All references share one set of resamples over the items, so the figures of one call are paired on items.
 */
import type { BinaryJudgeFigures } from '../../../shared/types/judge-validation';
import { itemPatterns, patternIntervals, type PatternBootstrapOptions } from './pattern-bootstrap';

/** One item: the judge's flag and each reference's flag (null = no label from that reference). */
export interface FlagItem {
  judge: boolean;
  references: readonly (boolean | null)[];
}

/** The four cells of a judge × human table. */
export interface FlagCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** The figures of a 2×2 table, in the order judgeFlagFigures reports them. */
export const FLAG_FIGURES = [
  'percentAgreement',
  'cohenKappa',
  'gwetAc1',
  'pabak',
  'precision',
  'recall',
  'f1',
] as const;

/**
 * Writes the figures of the 2×2 table at cells[at..at+3] (TP, FP, FN, TN) into out[to..] in FLAG_FIGURES order, NaN
 * where a ratio is 0/0; allocation-free, as it runs once per reference and resample.
 */
function writeFlagFigures(cells: ArrayLike<number>, at: number, out: Float64Array, to: number): void {
  const tp = cells[at];
  const fp = cells[at + 1];
  const fn = cells[at + 2];
  const tn = cells[at + 3];
  const n = tp + fp + fn + tn;
  const po = (tp + tn) / n;
  const judgePos = (tp + fp) / n;
  const humanPos = (tp + fn) / n;
  const pe = judgePos * humanPos + (1 - judgePos) * (1 - humanPos);
  const pi = (judgePos + humanPos) / 2;
  const peGwet = 2 * pi * (1 - pi);
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  out[to] = po;
  out[to + 1] = pe === 1 ? NaN : (po - pe) / (1 - pe);
  out[to + 2] = peGwet === 1 ? NaN : (po - peGwet) / (1 - peGwet);
  out[to + 3] = 2 * po - 1;
  out[to + 4] = precision;
  out[to + 5] = recall;
  out[to + 6] = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** Every figure of a 2×2 table (rows: judge, columns: human); NaN where a ratio is 0/0. */
export function flagFigures({ tp, fp, fn, tn }: FlagCounts): Record<(typeof FLAG_FIGURES)[number], number> {
  const out = new Float64Array(FLAG_FIGURES.length);
  writeFlagFigures([tp, fp, fn, tn], 0, out, 0);
  return Object.fromEntries(FLAG_FIGURES.map((f, s) => [f, out[s]])) as Record<(typeof FLAG_FIGURES)[number], number>;
}

/** Cell of one item for one reference: 0 TP, 1 FP, 2 FN, 3 TN, −1 when the reference gave no label. */
const cellOf = (judge: boolean, human: boolean | null): number =>
  human === null ? -1 : judge ? (human ? 0 : 1) : human ? 2 : 3;

/** Adds each pattern's weight to the 2×2 cells of every reference: acc[r·4 + cell]. */
function accumulate(cells: Int8Array, k: number, weights: Float64Array, acc: Float64Array): void {
  acc.fill(0);
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p];
    for (let r = 0; r < k; r++) {
      const cell = cells[p * k + r];
      if (cell >= 0) acc[r * 4 + cell] += w;
    }
  }
}

/**
 * The figures of the judge against each of `k` references, with 95% percentile intervals from resamples of the
 * items (mulberry32 from the seed, as every interval of the studio). A reference with no labelled item gets null.
 */
export function judgeFlagFigures(
  items: readonly FlagItem[],
  k: number,
  options: PatternBootstrapOptions = {},
): (BinaryJudgeFigures | null)[] {
  const keys = items.map(
    (it) => `${it.judge ? 1 : 0}${it.references.map((r) => (r === null ? '-' : r ? 1 : 0)).join('')}`,
  );
  const patterns = itemPatterns(keys);
  const cells = new Int8Array(patterns.firstItem.length * k);
  patterns.firstItem.forEach((i, p) => {
    for (let r = 0; r < k; r++) cells[p * k + r] = cellOf(items[i].judge, items[i].references[r]);
  });
  const width = FLAG_FIGURES.length;
  const acc = new Float64Array(4 * k);
  const intervals = patternIntervals(
    patterns,
    k * width,
    (weights, out) => {
      accumulate(cells, k, weights, acc);
      for (let r = 0; r < k; r++) writeFlagFigures(acc, r * 4, out, r * width);
    },
    options,
  );
  accumulate(cells, k, patterns.counts, acc);
  return Array.from({ length: k }, (_, r) => {
    const c = { tp: acc[r * 4], fp: acc[r * 4 + 1], fn: acc[r * 4 + 2], tn: acc[r * 4 + 3] };
    const n = c.tp + c.fp + c.fn + c.tn;
    if (n === 0) return null;
    const [percentAgreement, cohenKappa, gwetAc1, pabak, precision, recall, f1] = intervals.slice(
      r * width,
      (r + 1) * width,
    );
    return {
      n,
      truePositives: c.tp,
      falsePositives: c.fp,
      falseNegatives: c.fn,
      trueNegatives: c.tn,
      percentAgreement,
      cohenKappa,
      gwetAc1,
      pabak,
      precision,
      recall,
      f1,
    };
  });
}

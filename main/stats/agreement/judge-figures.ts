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
export const FLAG_FIGURES = ['percentAgreement', 'cohenKappa', 'gwetAc1', 'pabak', 'precision', 'recall', 'f1'] as const;

/** Every figure of a 2×2 table (rows: judge, columns: human); NaN where a ratio is 0/0. */
export function flagFigures({ tp, fp, fn, tn }: FlagCounts): Record<(typeof FLAG_FIGURES)[number], number> {
  const n = tp + fp + fn + tn;
  const po = (tp + tn) / n;
  const judgePos = (tp + fp) / n;
  const humanPos = (tp + fn) / n;
  const pe = judgePos * humanPos + (1 - judgePos) * (1 - humanPos);
  const pi = (judgePos + humanPos) / 2;
  const peGwet = 2 * pi * (1 - pi);
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  return {
    percentAgreement: po,
    cohenKappa: pe === 1 ? NaN : (po - pe) / (1 - pe),
    gwetAc1: peGwet === 1 ? NaN : (po - peGwet) / (1 - peGwet),
    pabak: 2 * po - 1,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

type Cell = keyof FlagCounts | null;

const cellOf = (judge: boolean, human: boolean | null): Cell =>
  human === null ? null : judge ? (human ? 'tp' : 'fp') : human ? 'fn' : 'tn';

/** The 2×2 counts of reference r under pattern weights. */
function countsAt(cells: Cell[][], weights: Float64Array, r: number): FlagCounts {
  const c: FlagCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let p = 0; p < cells.length; p++) {
    const cell = cells[p][r];
    if (cell !== null) c[cell] += weights[p];
  }
  return c;
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
  const keys = items.map((it) => `${it.judge ? 1 : 0}${it.references.map((r) => (r === null ? '-' : r ? 1 : 0)).join('')}`);
  const patterns = itemPatterns(keys);
  const cells = patterns.firstItem.map((i) => Array.from({ length: k }, (_, r) => cellOf(items[i].judge, items[i].references[r])));
  const width = FLAG_FIGURES.length;
  const intervals = patternIntervals(
    patterns,
    k * width,
    (weights, out) => {
      for (let r = 0; r < k; r++) {
        const f = flagFigures(countsAt(cells, weights, r));
        for (let s = 0; s < width; s++) out[r * width + s] = f[FLAG_FIGURES[s]];
      }
    },
    options,
  );
  return Array.from({ length: k }, (_, r) => {
    const c = countsAt(cells, patterns.counts, r);
    const n = c.tp + c.fp + c.fn + c.tn;
    if (n === 0) return null;
    const [percentAgreement, cohenKappa, gwetAc1, pabak, precision, recall, f1] = intervals.slice(r * width, (r + 1) * width);
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

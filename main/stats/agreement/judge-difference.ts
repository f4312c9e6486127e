/**
 * Two judges against the same human references on the same items: each judge's figures and the paired difference
 * (candidate − baseline) of Cohen's κ, F1 and percent agreement, all from one set of item resamples.
 */
import type { BinaryJudgeFigures, JudgeInterval } from '../../../shared/types/judge-validation';
import { flagFigures, judgeFlagFigures, type FlagCounts } from './judge-figures';
import { itemPatterns, patternIntervals, type PatternBootstrapOptions } from './pattern-bootstrap';

/** One item judged by both judges, with each reference's flag (null = not labelled by it). */
export interface PairedFlagItem {
  baseline: boolean;
  candidate: boolean;
  references: readonly (boolean | null)[];
}

/** Candidate minus baseline for one reference. */
export interface FlagDifference {
  cohenKappa: JudgeInterval;
  f1: JudgeInterval;
  percentAgreement: JudgeInterval;
}

/** Both judges' figures per reference and their paired differences. */
export interface PairedJudgeFigures {
  baseline: (BinaryJudgeFigures | null)[];
  candidate: (BinaryJudgeFigures | null)[];
  differences: FlagDifference[];
}

const DIFFERENCES = ['cohenKappa', 'f1', 'percentAgreement'] as const;

function add(c: FlagCounts, judge: boolean, human: boolean, w: number): void {
  if (judge) c[human ? 'tp' : 'fp'] += w;
  else c[human ? 'fn' : 'tn'] += w;
}

/**
 * Figures of both judges against `k` references and the differences, with intervals from the same resamples of the
 * items (the studio's seeded bootstrap), so the difference's interval accounts for the pairing on items.
 */
export function pairedJudgeFigures(
  items: readonly PairedFlagItem[],
  k: number,
  options: PatternBootstrapOptions = {},
): PairedJudgeFigures {
  const key = (it: PairedFlagItem) =>
    `${+it.baseline}${+it.candidate}${it.references.map((r) => (r === null ? '-' : +r)).join('')}`;
  const patterns = itemPatterns(items.map(key));
  const reps = patterns.firstItem.map((i) => items[i]);
  const width = DIFFERENCES.length;
  const differences = patternIntervals(
    patterns,
    k * width,
    (weights, out) => {
      for (let r = 0; r < k; r++) {
        const a: FlagCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
        const b: FlagCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
        reps.forEach((p, x) => {
          const h = p.references[r];
          if (h === null) return;
          add(a, p.baseline, h, weights[x]);
          add(b, p.candidate, h, weights[x]);
        });
        const fa = flagFigures(a);
        const fb = flagFigures(b);
        DIFFERENCES.forEach((d, s) => (out[r * width + s] = fb[d] - fa[d]));
      }
    },
    options,
  );
  const one = (judge: 'baseline' | 'candidate') =>
    judgeFlagFigures(
      items.map((it) => ({ judge: it[judge], references: it.references })),
      k,
      options,
    );
  return {
    baseline: one('baseline'),
    candidate: one('candidate'),
    differences: Array.from({ length: k }, (_, r) => {
      const [cohenKappa, f1, percentAgreement] = differences.slice(r * width, (r + 1) * width);
      return { cohenKappa, f1, percentAgreement };
    }),
  };
}

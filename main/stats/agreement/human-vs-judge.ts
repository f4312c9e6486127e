/** LLM judge against human annotators: pooled human labels, precision/recall/F1, and per-annotator agreement and κ. */
import { cohenKappa } from './cohen-kappa';
import { codeRatings } from './coding';
import { percentAgreement } from './percent-agreement';

/** How the human labels of one unit are pooled: strict = every annotator positive, lenient = at least one positive. */
export type Pooling = 'strict' | 'lenient';

/** One unit as seen by the judge and by the human annotators who labelled it. */
export interface JudgedUnit {
  judge: boolean;
  /** Annotators who labelled the unit. */
  annotators: number;
  /** Of those, how many marked it positive. */
  positiveVotes: number;
}

/** Precision, recall and F1 of judge flags against pooled human labels, with the underlying counts. */
export interface JudgeScores {
  n: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Agreement of the judge with one annotator over the units both labelled. */
export interface PairAgreement {
  n: number;
  agreement: number;
  kappa: number;
}

/** The pooled human label of a unit, or null when no annotator labelled it. */
export function pooledHumanLabel(unit: JudgedUnit, pooling: Pooling): boolean | null {
  if (unit.annotators === 0) return null;
  return pooling === 'strict' ? unit.positiveVotes === unit.annotators : unit.positiveVotes > 0;
}

/** F1 = 2PR / (P + R); 0 when both are 0, NaN when either is undefined. */
export function f1Score(precision: number, recall: number): number {
  if (precision + recall === 0) return 0;
  return (2 * precision * recall) / (precision + recall);
}

/** Judge flags scored against pooled human labels; units no annotator labelled are left out; 0/0 ratios are NaN. */
export function judgeVsPooledHumans(units: readonly JudgedUnit[], pooling: Pooling): JudgeScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const unit of units) {
    if (unit.positiveVotes > unit.annotators || unit.positiveVotes < 0) throw new Error('positiveVotes must lie in 0 .. annotators');
    const human = pooledHumanLabel(unit, pooling);
    if (human === null) continue;
    if (unit.judge && human) tp++;
    else if (unit.judge) fp++;
    else if (human) fn++;
    else tn++;
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  return { n: tp + fp + fn + tn, truePositives: tp, falsePositives: fp, falseNegatives: fn, trueNegatives: tn, precision, recall, f1: f1Score(precision, recall) };
}

/** Percent agreement and Cohen's κ between two binary raters (null = not labelled) over the units both labelled. */
export function binaryPairAgreement(a: readonly (boolean | null)[], b: readonly (boolean | null)[]): PairAgreement {
  if (a.length !== b.length) throw new Error(`the two label lists differ in length (${a.length} vs ${b.length})`);
  const label = (x: boolean | null) => (x === null ? null : x ? '1' : '0');
  const coded = codeRatings({ items: a.map((_, i) => String(i)), raters: ['a', 'b'], labels: a.map((x, i) => [label(x), label(b[i])]) }, ['0', '1']);
  const n = a.filter((x, i) => x !== null && b[i] !== null).length;
  return { n, agreement: percentAgreement(coded), kappa: cohenKappa(coded) };
}

import { captureMatches, type FieldCapture } from './field-captures';
import { rate, type Rate } from './rate';

/** First-capture versus final-value accuracy over a set of gold fields. */
export interface CaptureAccuracy {
  /** Gold fields considered. */
  fields: number;
  /** Fields with no `log_capture` at all (count as not correct at first capture). */
  firstMissing: number;
  /** First logged value matches gold, over all gold fields. */
  first: Rate;
  /** Submitted value matches gold, over all gold fields (never submitted = not correct). */
  final: Rate;
  /** Fields wrong or missing at first capture but correct when submitted. */
  repaired: number;
  /** Fields correct at first capture but wrong or missing when submitted. */
  regressed: number;
}

/** First-capture and final-value accuracy (folded exact match) over gold fields, with repairs and regressions. */
export function captureAccuracy(captures: readonly FieldCapture[]): CaptureAccuracy {
  let firstCorrect = 0;
  let finalCorrect = 0;
  let repaired = 0;
  let regressed = 0;
  for (const capture of captures) {
    const first = captureMatches(capture.firstCapture, capture.gold);
    const final = captureMatches(capture.finalValue, capture.gold);
    if (first) firstCorrect += 1;
    if (final) finalCorrect += 1;
    if (!first && final) repaired += 1;
    if (first && !final) regressed += 1;
  }
  return {
    fields: captures.length,
    firstMissing: captures.filter((c) => c.firstCapture === null).length,
    first: rate(firstCorrect, captures.length),
    final: rate(finalCorrect, captures.length),
    repaired,
    regressed,
  };
}

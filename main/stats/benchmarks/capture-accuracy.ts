import { captureMatches, type FieldCapture } from './field-captures';
import { rate } from './rate';
import type { CaptureAccuracy } from '../../../shared/types/benchmark-rows';

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

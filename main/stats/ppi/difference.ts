/** The difference of two independently estimated means (two systems' calls labelled in separate samples). */
import { normalEstimate, type NormalEstimate } from './normal-interval';

/** a − b with standard error √(se_a² + se_b²) and its normal interval; valid when the two samples are independent. */
export function independentDifference(a: NormalEstimate, b: NormalEstimate, confidence = 0.95): NormalEstimate {
  const se = Math.sqrt(a.standardError * a.standardError + b.standardError * b.standardError);
  return normalEstimate(a.estimate - b.estimate, se, confidence);
}

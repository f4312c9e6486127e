/** A point estimate with its standard error and the two-sided normal-approximation (Wald) interval. */
import { twoSidedZ } from './normal-quantile';

/** An estimate, its standard error and estimate ∓ z·se; every number NaN when the estimate is undefined. */
export interface NormalEstimate {
  estimate: number;
  standardError: number;
  low: number;
  high: number;
  confidence: number;
}

/** The interval estimate ∓ z·se at the two-sided confidence (0.95 gives z = 1.959964). */
export function normalEstimate(estimate: number, standardError: number, confidence: number): NormalEstimate {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const half = twoSidedZ(confidence) * standardError;
  return { estimate, standardError, low: estimate - half, high: estimate + half, confidence };
}

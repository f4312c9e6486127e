/** Analytic inference from a variance, as irrCAC reports it: standard error, t interval capped at 1, one-sided p. */
import type { AnalyticInference } from '../../../shared/types/agreement-report';
import { studentTQuantile, studentTUpper } from './distributions';

/** Analytic inference of one coefficient (defined with the report shapes in shared/). */
export type { AnalyticInference };

/** Options of the analytic inference: confidence level, and the population size for the correction. */
export interface AnalyticOptions {
  confidence?: number;
  /** N, the number of units in the population; the variance is multiplied by 1 − n/N. Absent: no correction. */
  population?: number | null;
}

/** A point estimate with its variance before the finite-population correction, over n units. */
export interface VarianceEstimate {
  estimate: number;
  pa: number;
  pe: number;
  variance: number;
  /** Units the variance is an average over. */
  n: number;
}

/** 1 − n/N, the finite-population correction factor (1 without a population size). */
export function populationCorrection(n: number, population: number | null | undefined): number {
  if (population === null || population === undefined) return 1;
  if (!(population >= n)) throw new Error(`population must be at least the ${n} units rated, got ${population}`);
  return 1 - n / population;
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * SE = √variance; the interval estimate ∓ t·SE with t the (1 + confidence)/2 quantile of Student's t on `df` degrees
 * of freedom, its upper end capped at 1; p = P(T_df > estimate / SE). Null parts where undefined (df < 1, NaN).
 */
export function tInference(estimate: number, variance: number, df: number, confidence = 0.95): AnalyticInference {
  if (!(confidence > 0 && confidence < 1))
    throw new Error(`confidence must lie strictly between 0 and 1, got ${confidence}`);
  if (!Number.isFinite(estimate) || !Number.isFinite(variance) || df < 1)
    return { se: null, low: null, high: null, p: null, df };
  const se = Math.sqrt(Math.max(0, variance));
  const t = studentTQuantile((1 + confidence) / 2, df);
  return {
    se,
    low: finite(estimate - t * se),
    high: finite(Math.min(1, estimate + t * se)),
    p: finite(studentTUpper(estimate / se, df)),
    df,
  };
}

/**
 * Stratified prediction-powered means (StratPPI: Fisch et al., "Stratified Prediction-Powered Inference for Hybrid
 * Language Model Evaluation", NeurIPS 2024): the calls are split into strata, each stratum's labelled calls are a
 * simple random sample of it, and the estimate is Σ_h W_h·θ̂_h with W_h = N_h/N, variance Σ_h W_h²·se_h². Each θ̂_h is
 * the PPI estimate of its stratum with its own λ_h (tuned per stratum, or fixed). Every labelled call of stratum h then
 * carries the Horvitz–Thompson weight 1/π_h with π_h = n_h/N_h: with λ = 0 the estimate is the Horvitz–Thompson mean
 * (1/N)·Σ y_i/π_i, the classical stratified mean.
 */
import type { Numbers } from './moments';
import { normalEstimate, type NormalEstimate } from './normal-interval';
import { powerTuningLambda, ppiMean, type PpiEstimate } from './ppi-mean';

/** One stratum: its labelled calls' human and judge labels (same order) and the judge's labels of its other calls. */
export interface StratumSample {
  ys: Numbers;
  labelled: Numbers;
  unlabelled: Numbers;
}

/** The stratified estimate, with each stratum's own estimate and weight W_h. */
export interface StratifiedEstimate extends NormalEstimate {
  strata: (PpiEstimate & { weight: number })[];
}

/** λ per stratum: tuned (PPI++), or one fixed value for every stratum (1 = PPI, 0 = classical stratified mean). */
export type LambdaChoice = 'tuned' | number;

/**
 * Σ_h W_h·θ̂_h over the strata with at least one call; NaN when a stratum with calls has no labelled call (its share
 * cannot be estimated) or there are no calls at all.
 */
export function stratifiedPpiMean(
  strata: readonly StratumSample[],
  lambda: LambdaChoice = 'tuned',
  confidence = 0.95,
): StratifiedEstimate {
  const total = strata.reduce((sum, s) => sum + s.ys.length + s.unlabelled.length, 0);
  let estimate = 0;
  let variance = 0;
  const rows = strata.map((s) => {
    const weight = total === 0 ? 0 : (s.ys.length + s.unlabelled.length) / total;
    const lambdaH = lambda === 'tuned' ? powerTuningLambda(s.ys, s.labelled, s.unlabelled) : lambda;
    const row = { ...ppiMean(s.ys, s.labelled, s.unlabelled, lambdaH, confidence), weight };
    if (weight > 0) {
      estimate += weight * row.estimate;
      variance += weight * weight * row.standardError * row.standardError;
    }
    return row;
  });
  const defined = total > 0;
  return { ...normalEstimate(defined ? estimate : NaN, defined ? Math.sqrt(variance) : NaN, confidence), strata: rows };
}

/**
 * Prediction-powered inference for a mean (Angelopoulos, Bates, Fannjiang, Jordan, Zrnic, Science 382, 2023) and its
 * power-tuned form PPI++ (Angelopoulos, Duchi, Zrnic, arXiv 2311.01453, 2023), with the conventions of the authors'
 * ppi_py (ppi_mean_pointestimate, ppi_mean_ci, _calc_lam_glm with clip=True): plug-in variances (1/n), the normal
 * interval. `ys` are the human labels of the n labelled calls, `labelled` the judge's labels of the same calls in the
 * same order, `unlabelled` the judge's labels of the N other calls.
 */
import {
  mean,
  plugInCovariance,
  plugInVariance,
  pooledSampleVariance,
  residualVariance,
  type Numbers,
} from './moments';
import { normalEstimate, type NormalEstimate } from './normal-interval';

/** A PPI estimate with the λ used and the sizes of both samples. */
export interface PpiEstimate extends NormalEstimate {
  /** Weight of the judge's labels: 0 is the classical mean, 1 plain PPI. */
  lambda: number;
  /** n: calls with a human label. */
  labelled: number;
  /** N: calls with only the judge's label. */
  unlabelled: number;
}

/**
 * PPI++'s power-tuning λ̂ for a mean: Cov(Y, f) / ((1 + n/N)·Var(f)), clipped to [0, 1]. Cov is the plug-in (1/n)
 * covariance on the labelled calls; Var(f) is the sample variance (n + N − 1) of the judge's labels on all n + N calls.
 * 0 when there is no unlabelled call or the judge's labels do not vary (the judge then carries no information).
 */
export function powerTuningLambda(ys: Numbers, labelled: Numbers, unlabelled: Numbers): number {
  if (unlabelled.length === 0 || ys.length === 0) return 0;
  const variance = pooledSampleVariance(labelled, unlabelled);
  if (!(variance > 0)) return 0;
  const lambda = plugInCovariance(ys, labelled) / ((1 + ys.length / unlabelled.length) * variance);
  return Math.min(1, Math.max(0, lambda));
}

/**
 * The PPI estimate with a given λ: θ̂ = λ·mean(f, unlabelled) + mean(y − λ·f, labelled), with standard error
 * √(λ²·σ̂²(f unlabelled)/N + σ̂²(y − λf)/n) (plug-in variances). λ = 1 is the estimator of the 2023 Science paper,
 * λ = 0 the classical mean. NaN without a labelled call; without unlabelled calls the judge term is left out.
 */
export function ppiMean(
  ys: Numbers,
  labelled: Numbers,
  unlabelled: Numbers,
  lambda = 1,
  confidence = 0.95,
): PpiEstimate {
  if (ys.length !== labelled.length)
    throw new RangeError(`${ys.length} human labels but ${labelled.length} judge labels of the same calls`);
  const n = ys.length;
  const N = unlabelled.length;
  const imputed = N === 0 || lambda === 0 ? 0 : lambda * mean(unlabelled);
  const rectifier = mean(ys) - lambda * mean(labelled);
  const imputedVariance = N === 0 || lambda === 0 ? 0 : (lambda * lambda * plugInVariance(unlabelled)) / N;
  const rectifierVariance = residualVariance(ys, labelled, lambda) / n;
  const estimate = normalEstimate(imputed + rectifier, Math.sqrt(imputedVariance + rectifierVariance), confidence);
  return { ...estimate, lambda, labelled: n, unlabelled: N };
}

/** PPI++: the PPI estimate with the power-tuning λ̂ (never wider, asymptotically, than the classical interval). */
export function ppiPlusPlusMean(ys: Numbers, labelled: Numbers, unlabelled: Numbers, confidence = 0.95): PpiEstimate {
  return ppiMean(ys, labelled, unlabelled, powerTuningLambda(ys, labelled, unlabelled), confidence);
}

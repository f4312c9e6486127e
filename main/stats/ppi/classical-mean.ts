/**
 * Means of one kind of label alone: the classical mean of the human labels of a random sample, and the judge-only mean
 * of the judge's labels on every call — both with the central-limit interval ppi_py's classical_mean_ci gives.
 */
import { mean, plugInVariance, type Numbers } from './moments';
import { normalEstimate, type NormalEstimate } from './normal-interval';

/** ȳ ∓ z·σ̂/√n with the plug-in σ̂² = (1/n)Σ(y − ȳ)² (numpy's default, as ppi_py); NaN for an empty sample. */
export function classicalMean(ys: Numbers, confidence = 0.95): NormalEstimate {
  return normalEstimate(mean(ys), Math.sqrt(plugInVariance(ys) / ys.length), confidence);
}

/**
 * The judge's own figure: the mean of its labels on every call, with the interval of that mean as a sample of calls.
 * The interval says nothing about the judge's errors: a biased judge's interval is narrow and misses the true rate.
 */
export function judgeOnlyMean(judgeLabels: Numbers, confidence = 0.95): NormalEstimate {
  return classicalMean(judgeLabels, confidence);
}

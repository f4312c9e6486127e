/** Prediction-powered inference for judge-corrected means: the public surface of main/stats/ppi. */
export { type Numbers, mean, plugInVariance, plugInCovariance } from './moments';
export { normalQuantile, twoSidedZ } from './normal-quantile';
export { type NormalEstimate, normalEstimate } from './normal-interval';
export { classicalMean, judgeOnlyMean } from './classical-mean';
export { type PpiEstimate, powerTuningLambda, ppiMean, ppiPlusPlusMean } from './ppi-mean';
export { independentDifference } from './difference';
export { type LambdaChoice, type StratumSample, type StratifiedEstimate, stratifiedPpiMean } from './stratified';
export { allocateByWeights, proportionalAllocation, neymanAllocation } from './allocation';
export {
  type PpiPilot,
  classicalLabelsForWidth,
  ppiVarianceAt,
  ppiLabelsForWidth,
  stratifiedLabelsForWidth,
} from './planner';

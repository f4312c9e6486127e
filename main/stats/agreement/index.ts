/** Agreement statistics of the studio: the public surface of main/stats/agreement. */
export { type RatingsTable, type RatingRecord, assertRatingsTable, ratingsFromRecords } from './ratings';
export { type Level, LEVELS, inferCategories, isNumericLabel, categoryValues } from './categories';
export { type CodedRatings, MISSING, codeRatings } from './coding';
export { type RatingPatterns, type Estimator, ratingPatterns, evaluateOnTable } from './patterns';
export { percentAgreement, percentAgreementEstimator } from './percent-agreement';
export { type KappaWeighting, cohenKappa, cohenKappaEstimator, kappaFromTable, disagreementWeights } from './cohen-kappa';
export { fleissKappa, fleissKappaEstimator } from './fleiss-kappa';
export { gwetAc1, gwetAc1Estimator } from './gwet-ac1';
export { krippendorffAlpha, krippendorffAlphaEstimator, coincidenceMatrix } from './krippendorff-alpha';
export { type ConfusionMatrix, confusionMatrix } from './confusion-matrix';
export { mulberry32 } from './prng';
export {
  type BootstrapInterval,
  type BootstrapOptions,
  DEFAULT_CONFIDENCE,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  bootstrapIntervals,
  bootstrapStatistic,
} from './bootstrap';
export { type AgreementOptions, type AgreementReport, type AgreementStatistics, agreementReport } from './report';
export { bootstrapInWorker } from './bootstrap-in-worker';
export { InputFieldError } from './csv-lines';
export { parseRatingsCsv } from './ratings-csv';
export { type Pooling, type JudgedUnit, type JudgeScores, type PairAgreement, pooledHumanLabel, f1Score, judgeVsPooledHumans, binaryPairAgreement } from './human-vs-judge';
export { type TauJudgeValidation, type TauReproducedMetrics, tauJudgeValidation, tauValidationMetrics } from './tau-judge-validation';
export { type WeightFamily, WEIGHT_FAMILIES, agreementWeights, categoryScores } from './weights';
export { type AlphaMetric, ALPHA_METRICS } from './alpha-metrics';
export { brennanPrediger, gwetAc2, weightedFleissKappa, weightedPercentAgreement } from './weighted-coefficients';
export { type ChanceModel, rawCoefficientEstimator } from './raw-coefficients';
export { congerKappa, congerKappaEstimator } from './conger-kappa';
export { type TableModel, scottPi, weightedCohenKappa, tableCoefficientEstimator } from './two-rater-table';
export { fleissCategoryKappas, categoryKappaEstimator } from './category-kappa';
export { type PabakFigures, pabak } from './pabak';
export { normalCdf, studentTCdf, studentTQuantile, studentTUpper } from './distributions';
export { type AnalyticInference, type AnalyticOptions, populationCorrection, tInference } from './analytic';
export { ALTMAN, FLEISS_SCALE, LANDIS_KOCH, benchmarkLevels, benchmarkMemberships } from './benchmark-scales';
export {
  type AnalyticCoefficient,
  alphaInference,
  categoryKappaInference,
  congerInference,
  rawInference,
  tableInference,
} from './inference';
export { type SetDistance, type SetRatings, setAlpha, setAlphaIntervals, setDistance } from './set-alpha';
export {
  type UnitizedSegment,
  type UnitizingStudy,
  type UnitizingAlpha,
  type UnitizingCategory,
  unitizingAlpha,
  unitizingDistance,
} from './unitizing-alpha';
export { type TimeMark, type ToleranceAgreement, intervalAlpha, toleranceAgreement } from './time-agreement';
export { type TimedRegion, type RegionToleranceRow, regionToleranceAgreement } from './region-tolerance';
export { type PairBootstrap, ALPHA_MINIMA, hayesKrippendorffBootstrap } from './hayes-krippendorff';

/** Benchmark-table metrics of the studio (τ family, VERA, DSB-DG, human-label views): the public surface of main/stats/benchmarks. */
export { rate } from './rate';
export { groupBy, conditionKey, meanOrNull } from './group';
export { type EpisodeOutcome, SUCCESS_TOLERANCE, isSuccess } from './episode-outcome';
export { successRates } from './success-rate';
export { passHatK, passHatKForTask } from './pass-hat-k';
export {
  type CrossEnvironmentOptions,
  TAU_ELICITATION_ENVIRONMENTS,
  crossEnvironmentPass,
} from './cross-environment-pass';
export { type IntakeTask, parseIntakeTask } from './intake-task';
export { type IntakeTurn, type IntakeCall, argumentsOf } from './intake-call';
export { type FieldCapture, foldValue, captureMatches, extractFieldCaptures } from './field-captures';
export { captureAccuracy } from './capture-accuracy';
export { verificationRepair } from './verification-repair';
export {
  type VerificationCounts,
  countVerificationEvents,
  verificationEffort,
  byEntityType,
  byDifficulty,
  byCondition,
} from './verification-effort';
export { type Random, mulberry32, randomIndex } from './prng';
export { quantileType7, summarizeLatency } from './quantile';
export { type BootstrapOptions, clusterBootstrap, percentileBootstrap } from './bootstrap';
export { binomialTestHalf } from './binomial';
export { erfc, chiSquare1UpperTail } from './chi-square';
export { mcnemar } from './mcnemar';
export { holmAdjust } from './holm';
export { pairwiseSystemComparisons } from './pairwise-systems';
export { MIN_CELL_ITEMS, belowMinimum } from './min-cell';
export { fisherExact } from './fisher-exact';
export { FREEMAN_HALTON_MAX_TABLES, freemanHalton2xK } from './freeman-halton';
export { type TimedOutcome, type StrategyOptions, strategyDifferences } from './strategy-difference';
export { type VoicedOutcome, callerVoiceSuccess } from './caller-voice';
export { type RealismCall, type RealismUnit, realismUnits, environmentsOf } from './realism-units';
export { REALISM_ORDER, type RealismOptions, type RealismSpec, realismEffects } from './realism-effects';
export { clusterSumsBootstrap } from './cluster-sums-bootstrap';
export { REPAIR_STEPS, repairStepOf, firstWrong, recoveryByStep } from './recovery-by-step';
export { type VeraGradeLabel, type VeraGrade, type NotAttemptedPolicy, isScored } from './vera-grade';
export { veraAccuracy } from './vera-accuracy';
export { type GapPair, pairGrades, voiceTextGaps } from './voice-text-gap';
export { type HallucinationKind, type GroundingProbe, isGrounded } from './grounding-probe';
export { GROUNDING_RATES, summarizeGrounding, groundingByGroup, type GroupedGrounding } from './grounding-metrics';
export { groundingDecayScore } from './grounding-decay';
export { refreshBenefit } from './refresh-benefit';
export { type RunProbe, groundingByRun } from './grounding-runs';
export { QAL_TIER, qualityAdjustedLatency, latencyBySystem, latencyByTier } from './quality-adjusted-latency';
export { type FailureLabel, labelShares, failureDistribution } from './failure-distribution';
export { type CategoryLabels, categoryDeviation } from './category-deviation';
export { paretoFrontier, type TradeOffPoint } from './pareto';

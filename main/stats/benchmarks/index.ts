/** Benchmark-table metrics of the studio (τ family, VERA, DSB-DG, human-label views): the public surface of main/stats/benchmarks. */
export { type Rate, rate } from './rate';
export { groupBy, conditionKey, meanOrNull } from './group';
export { type EpisodeOutcome, SUCCESS_TOLERANCE, isSuccess } from './episode-outcome';
export { type SuccessRateRow, successRates } from './success-rate';
export { type PassHatKRow, passHatK, passHatKForTask } from './pass-hat-k';
export { type CrossEnvironmentOptions, type CrossEnvironmentRow, TAU_ELICITATION_ENVIRONMENTS, crossEnvironmentPass } from './cross-environment-pass';
export { type IntakeTask, parseIntakeTask } from './intake-task';
export { type IntakeTurn, type IntakeCall, argumentsOf } from './intake-call';
export { type FieldCapture, foldValue, captureMatches, extractFieldCaptures } from './field-captures';
export { type CaptureAccuracy, captureAccuracy } from './capture-accuracy';
export { type VerificationRepair, verificationRepair } from './verification-repair';
export { type VerificationCounts, type VerificationEffortRow, countVerificationEvents, verificationEffort, byEntityType, byDifficulty, byCondition } from './verification-effort';
export { type Random, mulberry32, randomIndex } from './prng';
export { type LatencySummary, quantileType7, summarizeLatency } from './quantile';
export { type BootstrapOptions, type BootstrapInterval, clusterBootstrap, percentileBootstrap } from './bootstrap';
export { binomialTestHalf } from './binomial';
export { erfc, chiSquare1UpperTail } from './chi-square';
export { type McNemarResult, mcnemar } from './mcnemar';
export { holmAdjust } from './holm';
export { type SystemComparison, pairwiseSystemComparisons } from './pairwise-systems';
export { type VeraGradeLabel, type VeraGrade, type NotAttemptedPolicy, isScored } from './vera-grade';
export { type TrackAccuracy, type VeraAccuracyRow, veraAccuracy } from './vera-accuracy';
export {
  type GapPair, type GapFigure, type TrackGap, type VoiceTextGaps, pairGrades, voiceTextGaps,
} from './voice-text-gap';
export { type HallucinationKind, type RefreshSchedule, type GroundingProbe, isGrounded } from './grounding-probe';
export { type GroundingSummary, type GroundingRow, summarizeGrounding, groundingByGroup } from './grounding-metrics';
export { type GroundingDecayRow, groundingDecayScore } from './grounding-decay';
export { type RefreshRow, refreshBenefit } from './refresh-benefit';
export { type SystemLatencyRow, QAL_TIER, qualityAdjustedLatency, latencyBySystem } from './quality-adjusted-latency';
export { type FailureLabel, type LabelShare, type FailureDistributionRow, labelShares, failureDistribution } from './failure-distribution';
export { type CategoryLabels, type CategoryCell, type CategoryDeviationRow, type CategoryDeviation, categoryDeviation } from './category-deviation';

/** Result rows of the DSB-DG grounding statistics: grounding quality, decay, refresh benefit and latency. */
import type { BootstrapInterval } from './bootstrap-interval';
import type { LatencySummary, Rate } from './benchmark-rows';

/** How often a script gives the document again (DSB-DG proactive grounding): never, once, or two or more times. */
export type RefreshSchedule = 'none' | 'single' | 'multiple';

/** Grounding quality of a set of DSB-DG probes. */
export interface GroundingSummary {
  probes: number;
  /** Correct answers over answerable probes (a refusal counts as not correct). */
  accuracy: Rate;
  /** Answers with any hallucination over answers given (refusals excluded). */
  hallucination: Rate;
  /** Intrinsic hallucinations over answers given. */
  intrinsic: Rate;
  /** Extrinsic hallucinations over answers given. */
  extrinsic: Rate;
  /** Refusals over unanswerable probes (higher is better). */
  refusalOnUnanswerable: Rate;
  /** Refusals over answerable probes (over-refusal, lower is better). */
  refusalOnAnswerable: Rate;
  /** Confident answers to unanswerable probes over the unanswerable probes (refusals and hedged answers excluded). */
  falseConfidence: Rate;
}

/** The rates of a grounding summary (every field but `probes`). */
export type GroundingRate = Exclude<keyof GroundingSummary, 'probes'>;

/** A percentile bootstrap interval of each rate of a grounding summary, resampling scripts. */
export type GroundingIntervals = Record<GroundingRate, BootstrapInterval>;

/** A grounding summary for one system and one group (tier, domain, …), with the interval of each rate. */
export interface GroundingRow {
  system: string;
  group: string;
  summary: GroundingSummary;
  intervals: GroundingIntervals;
}

/** The Grounding Decay Score of one system, on pairs of an early probe and its late repeat. */
export interface GroundingDecayRow {
  system: string;
  /** Pairs whose two probes are both answerable. */
  pairs: number;
  /** Late probes left out: their early twin is missing, ambiguous (id twice in the script) or unanswerable. */
  unpaired: number;
  /** Grounded early twins over pairs. */
  early: Rate;
  /** Grounded late repeats over pairs. */
  late: Rate;
  /** GDS = 100 × (late − early) accuracy in percentage points: negative when grounding is lost; null without pairs. */
  gds: number | null;
  /** Percentile bootstrap of the GDS, resampling scripts (a script's pairs stay together). */
  interval: BootstrapInterval;
}

/** Accuracy under one refresh schedule against no refresh, on the questions asked under both. */
export interface RefreshRow {
  system: string;
  schedule: Exclude<RefreshSchedule, 'none'>;
  /** Questions asked (answerable) under both this schedule and no refresh. */
  questions: number;
  /** Grounded probes over probes under this schedule, on the shared questions. */
  accuracy: Rate;
  /** Grounded probes over probes without refresh, on the same questions. */
  none: Rate;
  /** 100 × (accuracy − none) in percentage points; null when either side is empty. */
  benefit: number | null;
  /** Percentile bootstrap of the benefit, resampling questions (both arms of a question stay together). */
  interval: BootstrapInterval;
}

/** Percentile bootstrap intervals of FTED p50, mean and p95, resampling scripts. */
export interface LatencyIntervals {
  p50: BootstrapInterval;
  mean: BootstrapInterval;
  p95: BootstrapInterval;
}

/** First-token emission delay, grounding accuracy at T3 and quality-adjusted latency of one system. */
export interface SystemLatencyRow {
  system: string;
  /** FTED p50 / mean / p95 (type 7) over every timed probe of the system. */
  firstAudio: LatencySummary;
  /** Their intervals. */
  firstAudioIntervals: LatencyIntervals;
  /** Grounded over answerable probes at tier T3. */
  accuracyT3: Rate;
  /** p50 FTED × (1 − GA at T3) in ms; null when either is missing. */
  qal: number | null;
  /** Percentile bootstrap of the QAL, resampling scripts. */
  interval: BootstrapInterval;
}

/** First-token emission delay of one system at one context tier. */
export interface TierLatencyRow {
  system: string;
  tier: string;
  /** FTED p50 / mean / p95 (type 7) over the system's timed probes at the tier. */
  firstAudio: LatencySummary;
  /** Their intervals. */
  firstAudioIntervals: LatencyIntervals;
}

/** One system's DSB-DG figures on one run (repeat) of the set. */
export interface GroundingRunFigures {
  trial: number;
  /** Grounded over answerable probes of the run. */
  accuracy: Rate;
  /** GDS of the run's decay pairs, pp; null without pairs. */
  gds: number | null;
  /** Refresh benefit of single / multiple refreshes against none on the run's probes, pp; null without both arms. */
  single: number | null;
  multiple: number | null;
  /** Hallucinated over answers given, in the run. */
  hallucination: Rate;
  /** Refusals over the run's unanswerable probes. */
  refusal: Rate;
  /** Confident answers over the run's unanswerable probes. */
  falseConfidence: Rate;
  /** FTED p50 (type 7) over the run's timed probes, ms; null without one. */
  fted: number | null;
  /** QAL = p50 FTED × (1 − GA at T3) of the run, ms; null without timings or T3 probes. */
  qal: number | null;
}

/** The figures of GroundingRunFigures whose median over runs is reported. */
export type GroundingRunMedians = Record<
  'accuracy' | 'gds' | 'single' | 'multiple' | 'hallucination' | 'refusal' | 'falseConfidence' | 'fted' | 'qal',
  number | null
>;

/** One system's figures run by run, and their median over the runs (DSB-DG reports the median of three runs). */
export interface GroundingRunsRow {
  system: string;
  runs: GroundingRunFigures[];
  /** Medians over the runs with a value (mean of the middle two for an even count); null when no run has one. */
  median: GroundingRunMedians;
}

/** The benchmark tables of a study (issue 7): options accepted at the boundary and the document `metrics.study` returns. */
import type { TranscriptionRow } from './word-errors';
import { z } from 'zod';
import type { BootstrapInterval } from './bootstrap-interval';
import type {
  CaptureAccuracy,
  CrossEnvironmentRow,
  LatencySummary,
  PassHatKRow,
  Rate,
  SuccessRateRow,
  SystemComparison,
  VerificationEffortRow,
  VerificationRepair,
} from './benchmark-rows';
import type {
  CallerVoiceRow,
  RealismArm,
  RecoveryStepRow,
  StrategyPass3Row,
  StrategyPassRow,
  SubsetCount,
} from './elicitation-rows';
import type { VeraAccuracyRow, VoiceTextGaps } from './vera-rows';
import type { DifficultyStratumRow } from './elicitation-difficulty-rows';
import type { VeraWerSection } from './vera-wer-rows';
import type {
  GroundingDecayRow,
  GroundingIntervals,
  GroundingRow,
  GroundingRunsRow,
  GroundingSummary,
  RefreshRow,
  SystemLatencyRow,
  TierLatencyRow,
} from './grounding-rows';
import type { CategoryDeviation, FailureDistributionRow } from './label-rows';
import type { StudyInteractionMetrics } from './interaction-metrics';
import type { JudgeCorrectedSection } from './ppi';

/** Choices the papers leave open; every one has a documented default (docs/metrics.md). */
export const metricsOptionsSchema = z
  .object({
    /** Bootstrap resamples (default 10 000). */
    resamples: z.number().int().min(100).max(100_000).optional(),
    /** Seed of the bootstrap's mulberry32 generator (default 1). */
    seed: z.number().int().min(0).max(4_294_967_295).optional(),
    /** Two-sided coverage of every interval (default 0.95). */
    confidence: z.number().min(0.5).max(0.999).optional(),
    /** VERA systems to treat as text (else voice) for the voice–text gap, besides any marked by `modality` or named with `text`. */
    textSystems: z.array(z.string().max(300)).max(200).optional(),
    /** VERA NOT_ATTEMPTED: scored as incorrect (default, VERA's grader) or left out. */
    notAttempted: z.enum(['incorrect', 'exclude']).optional(),
  })
  .strict();

/** Options as given (every key optional). */
export type MetricsOptions = z.infer<typeof metricsOptionsSchema>;
/** Options with every default filled in, echoed in the document. */
export type ResolvedMetricsOptions = Required<MetricsOptions>;

/** Which family of figures an episode feeds (from its benchmark, or `condition.benchmark` / `info.benchmark` in a generic study). */
export type MetricsFamily = 'tau-voice' | 'tau-elicitation' | 'vera' | 'dsb-dg' | 'generic';

/** A success rate with its clustered bootstrap interval; `belowMinimum` with fewer scored episodes than the minimum. */
export type SuccessCell = SuccessRateRow & { interval: BootstrapInterval; belowMinimum: boolean };

/** One system's success pooled over its conditions, clustered by task. */
export interface SystemSuccess {
  system: string;
  episodes: number;
  unscored: number;
  success: Rate;
  interval: BootstrapInterval;
  belowMinimum: boolean;
}

/**
 * A pairwise system comparison with the bootstrap interval of the paired success difference (A − B), clustered by task.
 * With fewer matched pairs than the minimum there is no test (`test`, `holmP` null); Holm runs over the pairs tested.
 */
export type PairwiseComparison = Omit<SystemComparison, 'test' | 'holmP'> & {
  test: SystemComparison['test'] | null;
  holmP: number | null;
  difference: BootstrapInterval;
  belowMinimum: boolean;
};

/** τ-Elicitation Pass^3 across environments with its bootstrap interval over tasks. */
export type CrossEnvironmentCell = CrossEnvironmentRow & { interval: BootstrapInterval; belowMinimum: boolean };

/** First-capture vs final-value accuracy of one (system, condition) cell. */
export interface CaptureCell {
  system: string;
  condition: Record<string, string>;
  calls: number;
  accuracy: CaptureAccuracy;
  repair: VerificationRepair;
  /** Intervals of first and final accuracy, clustered by task. */
  firstInterval: BootstrapInterval;
  finalInterval: BootstrapInterval;
  /** Fewer gold fields than the minimum. */
  belowMinimum: boolean;
}

/** Verification effort rows with the rest of the condition (e.g. strategy) they were computed under. */
export type VerificationCell = VerificationEffortRow & { condition: Record<string, string> };

/** Figures of one τ-family benchmark (τ-Voice, τ-Elicitation, or generic episodes with rewards). */
export interface TauSection {
  benchmark: MetricsFamily;
  /** Episodes in the system tables (subsets left out). */
  episodes: number;
  unscored: number;
  /** Fewest items (episodes, pairs, tasks, units) a cell needs for a significance test; smaller cells are flagged. */
  minCellItems: number;
  /** Episodes of named subsets (`info.subset`: example calls, validation-only calls), kept out of every table below. */
  subsets: SubsetCount[];
  /** Per (system, condition). */
  success: SuccessCell[];
  /** Per system, pooled over conditions. */
  systems: SystemSuccess[];
  /** pass^k for k = 1 … maxK (the most scored trials any task has in a cell). */
  passHatK: { maxK: number; rows: PassHatKRow[] };
  /** Every pair of systems on matched episodes: exact McNemar, Holm across pairs. */
  pairwise: PairwiseComparison[];
  /** Pass^3 across regular / noise_heavy / speech_heavy, per system and strategy; empty when fewer than two of them occur. */
  crossEnvironment: CrossEnvironmentCell[];
  /** Calls carrying gold fields (`info.evaluationFields`): capture accuracy; empty otherwise. */
  capture: CaptureCell[];
  /** Verification effort (spelling requests + read-backs per call) of the same calls. */
  verification: {
    byEntityType: VerificationCell[];
    byDifficulty: VerificationCell[];
    byEnvironment: VerificationCell[];
    /** By caller voice (`info.speechEnvironment.persona_name`); empty when no call names one. */
    byVoice: VerificationCell[];
  };
  /** Scaffolded − agent-directed per system: Pass@1 and time per call per environment, crossed Pass^3. */
  strategy: { passAt1: StrategyPassRow[]; passHat3: StrategyPass3Row[] };
  /** Success by caller voice per (system, condition), with Fisher exact contrasts (Holm) and an exact omnibus test. */
  callerVoice: CallerVoiceRow[];
  /** Caller-realism assignment effects per prompting arm (calls carrying `info.complication`). */
  realism: RealismArm[];
  /** Recovery of initially wrong captures by repair step, per (system, condition). */
  recovery: RecoveryStepRow[];
  /** Each strategy's success and its gain over agent-directed per entity difficulty (easy / hard). */
  strategyByDifficulty: DifficultyStratumRow[];
}

/** VERA accuracy of one system with its modality and the interval of its pooled accuracy (items resampled). */
export type VeraSystemRow = VeraAccuracyRow & { modality: 'voice' | 'text'; interval: BootstrapInterval };

/**
 * The voice–text gaps of a voice and a text system on one repeat (trial number), or averaged per item over the repeats
 * (`mean`); `holmP` adjusts the pooled McNemar p across every per-repeat row shown (null for `mean` rows).
 */
export type VoiceTextGapRow = VoiceTextGaps & {
  voiceSystem: string;
  textSystem: string;
  repeat: number | 'mean';
  holmP: number | null;
};

/** One point of the latency–accuracy scatter. */
export interface LatencyAccuracyPoint {
  system: string;
  modality: 'voice' | 'text';
  latency: LatencySummary;
  /** Pooled accuracy (CORRECT / scored). */
  accuracy: number | null;
  macro: number | null;
  /** On the latency–accuracy Pareto frontier: no system with a latency and an accuracy is faster and more accurate. */
  frontier: boolean;
}

/** VERA figures. */
export interface VeraSection {
  episodes: number;
  /** Tracks in VERA's order (others after, alphabetically). */
  tracks: string[];
  systems: VeraSystemRow[];
  gaps: VoiceTextGapRow[];
  scatter: LatencyAccuracyPoint[];
  /** Word error rates of the spoken answer and of the question audio where both texts exist. */
  wer: VeraWerSection;
}

/** DSB-DG figures, from episodes read as probes (docs/metrics.md, "DSB-DG from episodes"). */
export interface DsbDgSection {
  episodes: number;
  probes: number;
  /** Probes without a usable grounding label: left out. */
  unlabelled: number;
  /** Per system: the grounding summary and each rate's interval (resampling scripts). */
  bySystem: { system: string; summary: GroundingSummary; intervals: GroundingIntervals }[];
  byTier: GroundingRow[];
  byDomain: GroundingRow[];
  /** Grounding Decay Score per system, on late probes paired with the early probes they repeat. */
  decay: GroundingDecayRow[];
  /** Accuracy under single / multiple refreshes against none, on the same questions. */
  refresh: RefreshRow[];
  /** FTED and QAL = p50 FTED × (1 − GA at T3). */
  latency: SystemLatencyRow[];
  /** FTED per system and context tier (tiers in natural order). */
  latencyByTier: TierLatencyRow[];
  /** Accuracy, GDS and refresh benefits run by run (repeat) and their median over runs, per system. */
  runs: GroundingRunsRow[];
}

/** The error-category heatmap of one benchmark family and the size of its population. */
export type CategoryHeatmap = CategoryDeviation & { family: MetricsFamily; population: number };

/** Failure source/subtype distributions of one view (resolved labels, or one annotator's). */
export interface FailureView {
  /** `resolved` or an annotator's name. */
  view: string;
  rows: FailureDistributionRow[];
}

/** Human-label views and the judge's category heatmap. */
export interface LabelSection {
  /** Annotation fields read as failure source and subtype (null when the study has none). */
  sourceField: string | null;
  subtypeField: string | null;
  /** Episodes whose annotators disagree and nobody adjudicated: label `disputed` in the resolved view. */
  disputed: number;
  failures: FailureView[];
  /** Per family with judge error categories: per-system deviation of category rates over the episodes the judge failed or categorised. */
  categories: CategoryHeatmap[];
}

/** How a table cell is shown: CSV always carries the raw value. */
export type CellFormat = 'text' | 'int' | 'rate' | 'num' | 'ms' | 'p';

/** A table of figures, ready to show and to export as CSV or Markdown. */
export interface MetricsTable {
  id: string;
  section: string;
  title: string;
  columns: { key: string; label: string; format: CellFormat }[];
  rows: Record<string, string | number | null>[];
  note?: string;
  /** Indices of rows for cells with fewer items than the minimum (shown greyed, without a test). */
  belowMinimum?: number[];
}

/** Everything `metrics.study` and `earshot metrics --json` return for a study. */
export interface StudyMetrics {
  study: { id: number; name: string; benchmark: string };
  options: ResolvedMetricsOptions;
  episodes: number;
  families: { family: MetricsFamily; episodes: number }[];
  tau: TauSection[];
  vera: VeraSection | null;
  dsbDg: DsbDgSection | null;
  labels: LabelSection;
  /** τ² interaction metrics over full-duplex episodes (null when none has ticks). */
  interaction: StudyInteractionMetrics | null;
  /** Judge-corrected shares of calls (PPI++) beside the judge's and the humans' own, per judge-to-field mapping. */
  judgeCorrected: JudgeCorrectedSection;
  /** Per system: word errors of the agent replies transcribed before judging, against the system's own transcript. */
  transcription: TranscriptionRow[];
  tables: MetricsTable[];
  /** What was left out and why (e.g. unscored episodes, ungraded responses). */
  notes: string[];
}

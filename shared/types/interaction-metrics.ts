/** τ² interaction metrics as a study's metrics document carries them, computed on the main side. */

/** The event counts behind every metric (tau2's `counts` block, with numerators added). */
export interface InteractionCounts {
  /** Simulations that had ticks. */
  simulations: number;
  /** `response` events (R_R numerator; the support of L_R). */
  responses: number;
  /** `response` + `no_response` events (R_R and I_A denominator). */
  responseTotal: number;
  /** `yield` events (R_Y numerator; the support of L_Y). */
  yields: number;
  /** `yield` + `no_yield` events. */
  yieldTotal: number;
  backchannelErrors: number;
  backchannelTotal: number;
  vocalTicErrors: number;
  vocalTicTotal: number;
  nonDirectedErrors: number;
  nonDirectedTotal: number;
  /** Agent segments starting while the user speaks (I_A numerator). */
  agentInterruptions: number;
}

/** tau2-bench's eight-metric interaction panel; a metric is null when its denominator is 0. */
export interface InteractionMetrics {
  /** L_R: mean seconds from the end of a user turn to the agent's response. */
  responseLatencyMeanSec: number | null;
  /** L_Y: mean seconds for the agent to stop after a real interruption, over yields. */
  yieldLatencyMeanSec: number | null;
  /** R_R: responses / response total. */
  responseRate: number | null;
  /** R_Y: yields / yield total. */
  yieldRate: number | null;
  /** I_A: agent interruptions / response total (can exceed 1). */
  agentInterruptionRate: number | null;
  /** S_BC: 1 − backchannel errors / backchannel total. */
  selectivityBackchannel: number | null;
  /** S_VT: 1 − vocal tic errors / vocal tic total. */
  selectivityVocalTic: number | null;
  /** S_ND: 1 − non-directed errors / non-directed total. */
  selectivityNonDirected: number | null;
  counts: InteractionCounts;
}

/** Interaction metrics of a study, or null when none of its episodes has ticks. */
export interface StudyInteractionMetrics {
  tickDurationSec: number;
  overall: InteractionMetrics;
  bySystem: Record<string, InteractionMetrics>;
  /** Panels published beside imported runs (a leaderboard submission.json), each against its recomputation. */
  published?: PublishedInteractionComparison[];
}

/** The eight panel metrics, without their counts. */
export type InteractionPanel = Omit<InteractionMetrics, 'counts'>;

/**
 * A τ-Voice leaderboard submission's own interaction panel for one domain (`submission.json` →
 * `interaction_metrics.domains.<domain>`), read beside a run at import and kept on its episodes as
 * `info.publishedInteraction`, with tau2's names turned into ours.
 */
export interface PublishedInteractionPanel {
  /** The file it was read from, relative to the run folder (e.g. `../../submission.json`). */
  file: string;
  /** The submission's model_name, when it has one. */
  submission: string | null;
  domain: string;
  /** interaction_metrics.version, the metric code's version. */
  version: string | null;
  metrics: Partial<Record<keyof InteractionPanel, number | null>>;
  /** The event counts it publishes (n_simulations, response_total, …) under our names. */
  counts: Partial<InteractionCounts>;
}

/** One figure published beside a run against the same figure recomputed from the run's imported ticks. */
export interface PublishedComparisonRow {
  /** Our name of the figure: a panel metric or a count (`counts.responseTotal`). */
  figure: string;
  published: number | null;
  recomputed: number | null;
  /** recomputed − published; null when either is missing. */
  difference: number | null;
}

/** A submission's published panel beside the study's recomputation over the episodes it was published for. */
export interface PublishedInteractionComparison {
  file: string;
  submission: string | null;
  domain: string;
  version: string | null;
  /** The study's episodes recomputed (those imported with this panel). */
  simulations: number;
  rows: PublishedComparisonRow[];
}

/** How a τ² reward was evaluated (tau2-bench's RewardInfo provenance), as an episode's `info.rewardProvenance`. */

/** A tool call the evaluator replayed to rebuild state. */
export interface ReplayedAction {
  /** `trajectory` (recovered from the call) or `reference` (the task's expected actions). */
  source: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** The evaluation's provenance; absent from files written before tau2-bench recorded it. */
export interface RewardProvenance {
  /** `live` (the environment itself was judged) or `replay` (a state rebuilt from the recorded messages). */
  evaluationMode: string | null;
  /** `live` or `replayed`. */
  stateSource: string | null;
  replayedActions: ReplayedAction[];
  /** Provenance or replay-fidelity warnings (lenient re-grading always adds one). */
  warnings: string[];
}

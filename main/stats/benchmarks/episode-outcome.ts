/** One scored benchmark episode (a τ-family call): the input of success rate, pass^k, Pass^3 and pairwise tests. */
export interface EpisodeOutcome {
  /** Task id, e.g. `intake_dates_easy_03`; trials of the same task share it. */
  task: string;
  /** The system under test (model + configuration). */
  system: string;
  /** Crossed experimental factors, e.g. `{ environment: 'regular', strategy: 'agent_directed' }`. */
  condition: Record<string, string>;
  /** Trial number within (task, system, condition). */
  trial: number;
  /** Reward in [0, 1]; null when the episode was never scored (infrastructure error, missing result). */
  reward: number | null;
}

/** Tolerance of the success test, as in tau2-bench `is_successful`: |reward − 1| ≤ 1e-6. */
export const SUCCESS_TOLERANCE = 1e-6;

/** True when a reward counts as a success (within SUCCESS_TOLERANCE of 1); null rewards are never successes. */
export function isSuccess(reward: number | null): boolean {
  return reward !== null && Math.abs(reward - 1) <= SUCCESS_TOLERANCE;
}

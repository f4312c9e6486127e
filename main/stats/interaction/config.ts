/** Detection windows of tau2-bench's InteractionMetricsConfig, in seconds. */
export interface InteractionConfig {
  /** Length of one tick. */
  tickSec: number;
  /** A real interruption counts as yielded when the agent stops within this window. */
  noYieldWindowSec: number;
  /** Stopping within this window after a backchannel is an error. */
  backchannelYieldWindowSec: number;
  /** Stopping within this window after a vocal tic (agent speaking) is an error. */
  vocalTicYieldWindowSec: number;
  /** Stopping within this window after non-directed speech (agent speaking) is an error. */
  nonDirectedYieldWindowSec: number;
  /** Starting to speak within this window after a vocal tic (agent silent) is an error. */
  vocalTicResponseWindowSec: number;
  /** Starting to speak within this window after non-directed speech (agent silent) is an error. */
  nonDirectedResponseWindowSec: number;
}

/** tau2-bench's defaults (identical to the τ-voice paper pipeline). */
export const DEFAULT_INTERACTION_CONFIG: Readonly<InteractionConfig> = Object.freeze({
  tickSec: 0.2,
  noYieldWindowSec: 2.0,
  backchannelYieldWindowSec: 1.0,
  vocalTicYieldWindowSec: 1.0,
  nonDirectedYieldWindowSec: 1.0,
  vocalTicResponseWindowSec: 2.0,
  nonDirectedResponseWindowSec: 2.0,
});

/** The default windows with a run's recorded tick duration, as tau2's resolve_experiment_config does. */
export function configForTick(tickSec: number): InteractionConfig {
  if (!Number.isFinite(tickSec) || tickSec <= 0) throw new RangeError(`tick duration must be a positive number of seconds, got ${tickSec}`);
  return { ...DEFAULT_INTERACTION_CONFIG, tickSec };
}

/** A window in whole ticks, truncated like Python's int(window / tick). */
export function windowTicks(windowSec: number, tickSec: number): number {
  return Math.trunc(windowSec / tickSec);
}

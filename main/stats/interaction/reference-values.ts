/** tau2-bench's own interaction metrics for the tau2-voice fixture run, as printed by its Python (see fixture.test.ts
 * for how they were produced); shared by the parity tests of the metrics and of the import → metrics path. */
import type { InteractionMetrics } from '../../../shared/types/interaction-metrics';

/** The eight panel metrics. */
export type Panel = Omit<InteractionMetrics, 'counts'>;
/** tau2's `counts` block: n_simulations, response_total, yield_total, backchannel_total, vocal_tic_total, non_directed_total, agent_interrupts_count. */
export type Tau2Counts = [number, number, number, number, number, number, number];

/** tau2's compute_interaction_metrics_for_experiment on the whole fixture run (domain retail), printed by Python. */
export const RUN: Panel = {
  responseLatencyMeanSec: 1.4588235294117646,
  yieldLatencyMeanSec: 0.6695652173913044,
  responseRate: 0.9714285714285714,
  yieldRate: 1.0,
  agentInterruptionRate: 0.22857142857142856,
  selectivityBackchannel: 0.33333333333333337,
  selectivityVocalTic: 0.1428571428571429,
  selectivityNonDirected: 0.16666666666666663,
};
/** tau2's counts for the run. */
export const RUN_COUNTS: Tau2Counts = [3, 35, 23, 3, 7, 6, 8];

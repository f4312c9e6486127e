import { DEFAULT_INTERACTION_CONFIG, type InteractionConfig } from './config';
import type { InteractionEventType } from './event';
import { simulationEvents, type SimulationEvents } from './simulation-events';
import type { InteractionSimulation, InteractionTick } from './types';
import type { InteractionCounts, InteractionMetrics } from '../../../shared/types/interaction-metrics';

/** The metric fields of the panel in display order (L_R, L_Y, R_R, R_Y, I_A, S_BC, S_VT, S_ND). */
export const PANEL_METRICS = [
  'responseLatencyMeanSec',
  'yieldLatencyMeanSec',
  'responseRate',
  'yieldRate',
  'agentInterruptionRate',
  'selectivityBackchannel',
  'selectivityVocalTic',
  'selectivityNonDirected',
] as const satisfies readonly (keyof InteractionMetrics)[];

const NO_TICKS = 'No ticks: interaction metrics need full-duplex (voice) trajectories';

function meanOrNull(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function ratioOrNull(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** 1 − error rate, computed in that order as tau2 does. */
function correctRateOrNull(errors: number, total: number): number | null {
  return total === 0 ? null : 1 - errors / total;
}

/** Pools the events of several simulations into one panel: counts are summed and latencies averaged over all events. */
export function summarizeEvents(perSimulation: readonly SimulationEvents[]): InteractionMetrics {
  const events = perSimulation.flatMap((s) => s.events);
  const count = (...types: InteractionEventType[]) => events.filter((e) => types.includes(e.type)).length;
  const latencies = (type: InteractionEventType) =>
    events.filter((e) => e.type === type).map((e) => e.latencySec as number);
  const counts: InteractionCounts = {
    simulations: perSimulation.length,
    responses: count('response'),
    responseTotal: count('response', 'no_response'),
    yields: count('yield'),
    yieldTotal: count('yield', 'no_yield'),
    backchannelErrors: count('backchannel_error'),
    backchannelTotal: count('backchannel_error', 'backchannel_correct'),
    vocalTicErrors: count('vocal_tic_error'),
    vocalTicTotal: count('vocal_tic_error', 'vocal_tic_correct'),
    nonDirectedErrors: count('non_directed_error'),
    nonDirectedTotal: count('non_directed_error', 'non_directed_correct'),
    agentInterruptions: perSimulation.reduce((sum, s) => sum + s.agentInterruptions, 0),
  };
  return {
    responseLatencyMeanSec: meanOrNull(latencies('response')),
    yieldLatencyMeanSec: meanOrNull(latencies('yield')),
    responseRate: ratioOrNull(counts.responses, counts.responseTotal),
    yieldRate: ratioOrNull(counts.yields, counts.yieldTotal),
    agentInterruptionRate: ratioOrNull(counts.agentInterruptions, counts.responseTotal),
    selectivityBackchannel: correctRateOrNull(counts.backchannelErrors, counts.backchannelTotal),
    selectivityVocalTic: correctRateOrNull(counts.vocalTicErrors, counts.vocalTicTotal),
    selectivityNonDirected: correctRateOrNull(counts.nonDirectedErrors, counts.nonDirectedTotal),
    counts,
  };
}

/** The panel of one simulation's ticks; throws on an empty tick list (a half-duplex simulation). */
export function simulationMetrics(
  ticks: readonly InteractionTick[],
  config: InteractionConfig = DEFAULT_INTERACTION_CONFIG,
): InteractionMetrics {
  if (ticks.length === 0) throw new RangeError(NO_TICKS);
  return summarizeEvents([simulationEvents(ticks, config)]);
}

/** The panel of one run (one domain): events pooled over every simulation that has ticks; throws when none has. */
export function runMetrics(
  simulations: readonly InteractionSimulation[],
  config: InteractionConfig = DEFAULT_INTERACTION_CONFIG,
): InteractionMetrics {
  const voiced = simulations.filter((s) => s.ticks.length > 0);
  if (voiced.length === 0) throw new RangeError(NO_TICKS);
  return summarizeEvents(voiced.map((s) => simulationEvents(s.ticks, config)));
}

/** tau2's all-domains row: per-metric mean over the domains that have a value (null when none), counts summed. */
export function averageDomains(byDomain: Readonly<Record<string, InteractionMetrics>>): InteractionMetrics | null {
  const domains = Object.values(byDomain);
  if (domains.length === 0) return null;
  const mean = (key: (typeof PANEL_METRICS)[number]) =>
    meanOrNull(domains.map((d) => d[key]).filter((v): v is number => v !== null));
  const total = (key: keyof InteractionCounts) => domains.reduce((sum, d) => sum + d.counts[key], 0);
  const keys = Object.keys(domains[0].counts) as (keyof InteractionCounts)[];
  const counts = Object.fromEntries(keys.map((key) => [key, total(key)])) as Record<keyof InteractionCounts, number>;
  return {
    responseLatencyMeanSec: mean('responseLatencyMeanSec'),
    yieldLatencyMeanSec: mean('yieldLatencyMeanSec'),
    responseRate: mean('responseRate'),
    yieldRate: mean('yieldRate'),
    agentInterruptionRate: mean('agentInterruptionRate'),
    selectivityBackchannel: mean('selectivityBackchannel'),
    selectivityVocalTic: mean('selectivityVocalTic'),
    selectivityNonDirected: mean('selectivityNonDirected'),
    counts,
  };
}

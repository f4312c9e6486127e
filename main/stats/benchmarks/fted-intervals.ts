/**
 * Bootstrap intervals of a set of probes' first-token emission delay (DSB-DG's FTED): p50, mean and p95 as
 * summarizeLatency gives them, each a percentile bootstrap resampling scripts (a script's probes stay together), as the
 * other DSB-DG intervals do. A resample without a timed probe is undefined for all three.
 */
import { clusterBootstrap, type BootstrapOptions } from './bootstrap';
import type { GroundingProbe } from './grounding-probe';
import { meanOrNull } from './group';
import { quantileType7 } from './quantile';
import type { LatencyIntervals } from '../../../shared/types/grounding-rows';

const timed = (probes: readonly GroundingProbe[]): number[] =>
  probes.flatMap((p) => (p.firstAudioMs === null ? [] : [p.firstAudioMs]));

const orNaN = (v: number | null): number => v ?? Number.NaN;

/** FTED p50, mean and p95 of the probes, each with its interval (the same draws for the three). */
export function ftedIntervals(probes: readonly GroundingProbe[], options: BootstrapOptions = {}): LatencyIntervals {
  const interval = (statistic: (ms: number[]) => number | null) =>
    clusterBootstrap(probes, (p) => p.script, (rows) => orNaN(statistic(timed(rows))), options);
  return {
    p50: interval((ms) => quantileType7(ms, 0.5)),
    mean: interval(meanOrNull),
    p95: interval((ms) => quantileType7(ms, 0.95)),
  };
}

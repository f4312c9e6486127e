import { clusterBootstrap, type BootstrapOptions } from './bootstrap';
import { groupBy } from './group';
import { isGrounded, type GroundingProbe } from './grounding-probe';
import { quantileType7, summarizeLatency } from './quantile';
import { rate } from './rate';
import { ftedIntervals } from './fted-intervals';
import type { SystemLatencyRow, TierLatencyRow } from '../../../shared/types/grounding-rows';

/** The context tier whose grounding accuracy enters DSB-DG's quality-adjusted latency. */
export const QAL_TIER = 'T3';

/**
 * DSB-DG quality-adjusted latency (Mathur et al.) QAL = p50 FTED × (1 − GA) in ms, lower is better: the median
 * first-token emission delay weighted by the share of answers not grounded. GA is a fraction in [0, 1].
 */
export function qualityAdjustedLatency(p50Ms: number, accuracy: number): number {
  if (!(accuracy >= 0 && accuracy <= 1)) throw new RangeError(`accuracy must be in [0, 1], got ${accuracy}`);
  return p50Ms * (1 - accuracy);
}

const qalOf = (probes: readonly GroundingProbe[]): number => {
  const p50 = quantileType7(
    probes.flatMap((p) => (p.firstAudioMs === null ? [] : [p.firstAudioMs])),
    0.5,
  );
  const t3 = probes.filter((p) => p.tier === QAL_TIER && p.answerable);
  if (p50 === null || t3.length === 0) return Number.NaN;
  return qualityAdjustedLatency(p50, t3.filter(isGrounded).length / t3.length);
};

/** FTED summary, T3 grounding accuracy and QAL = p50 FTED × (1 − GA at T3) per system, with a bootstrap interval. */
export function latencyBySystem(probes: readonly GroundingProbe[], options: BootstrapOptions = {}): SystemLatencyRow[] {
  return [...groupBy(probes, (p) => p.system)].map(([system, rows]) => {
    const t3 = rows.filter((p) => p.tier === QAL_TIER && p.answerable);
    const qal = qalOf(rows);
    return {
      system,
      firstAudio: summarizeLatency(rows.map((p) => p.firstAudioMs)),
      firstAudioIntervals: ftedIntervals(rows, options),
      accuracyT3: rate(t3.filter(isGrounded).length, t3.length),
      qal: Number.isFinite(qal) ? qal : null,
      interval: clusterBootstrap(rows, (p) => p.script, qalOf, options),
    };
  });
}

/** FTED p50 / mean / p95 with intervals per system and context tier, in the order the probes first show each pair. */
export function latencyByTier(probes: readonly GroundingProbe[], options: BootstrapOptions = {}): TierLatencyRow[] {
  return [...groupBy(probes, (p) => `${p.system}\u0000${p.tier}`).values()].map((rows) => ({
    system: rows[0].system,
    tier: rows[0].tier,
    firstAudio: summarizeLatency(rows.map((p) => p.firstAudioMs)),
    firstAudioIntervals: ftedIntervals(rows, options),
  }));
}

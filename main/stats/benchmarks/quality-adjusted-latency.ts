import { groupBy } from './group';
import type { GroundingProbe } from './grounding-probe';
import { summarizeLatency, type LatencySummary } from './quantile';
import { summarizeGrounding } from './grounding-metrics';

/**
 * Quality-adjusted latency QAL = L / a^γ (ms): L a latency statistic, a grounding accuracy in [0, 1], γ ≥ 0 the trade-off.
 * γ = 0 is plain latency; γ = 1 is the expected latency per correct answer if a wrong answer costs one more try.
 * Infinity when a = 0 and γ > 0.
 */
export function qualityAdjustedLatency(latencyMs: number, accuracy: number, gamma = 1): number {
  if (!(accuracy >= 0 && accuracy <= 1)) throw new RangeError(`accuracy must be in [0, 1], got ${accuracy}`);
  if (!(gamma >= 0)) throw new RangeError(`gamma must be ≥ 0, got ${gamma}`);
  if (gamma === 0) return latencyMs;
  return accuracy === 0 ? Number.POSITIVE_INFINITY : latencyMs / accuracy ** gamma;
}

/** Options of latencyBySystem. */
export interface QualityLatencyOptions {
  /** Which latency statistic enters QAL (default p50). */
  statistic?: 'p50' | 'mean' | 'p95';
  /** Trade-off exponent γ (default 1). */
  gamma?: number;
}

/** First-audio delay summary, grounding accuracy and QAL for one system. */
export interface SystemLatencyRow {
  system: string;
  firstAudio: LatencySummary;
  accuracy: number | null;
  /** null when the latency statistic or the accuracy is missing. */
  qal: number | null;
}

/** First-audio delay p50/mean/p95 (type 7) per system, with grounding accuracy and quality-adjusted latency. */
export function latencyBySystem(probes: readonly GroundingProbe[], options: QualityLatencyOptions = {}): SystemLatencyRow[] {
  const statistic = options.statistic ?? 'p50';
  return [...groupBy(probes, (p) => p.system)].map(([system, rows]) => {
    const firstAudio = summarizeLatency(rows.map((p) => p.firstAudioMs));
    const accuracy = summarizeGrounding(rows).accuracy.value;
    const latency = firstAudio[statistic];
    const qal = latency === null || accuracy === null ? null : qualityAdjustedLatency(latency, accuracy, options.gamma ?? 1);
    return { system, firstAudio, accuracy, qal };
  });
}

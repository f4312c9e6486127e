/** The metrics options' defaults (docs/metrics.md) and their resolution. */
import type { MetricsOptions, ResolvedMetricsOptions } from '../../shared/types/metrics';

/** The defaults of every option (docs/metrics.md). */
export const DEFAULT_METRICS_OPTIONS: ResolvedMetricsOptions = {
  resamples: 10_000,
  seed: 1,
  confidence: 0.95,
  textSystems: [],
  notAttempted: 'incorrect',
};

/** The options with defaults filled in. */
export function resolveOptions(options: MetricsOptions = {}): ResolvedMetricsOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_METRICS_OPTIONS, ...defined };
}

/**
 * Bootstrap intervals of every rate of a DSB-DG grounding summary (summarizeGrounding), each resampling scripts among
 * the probes that rate is over (GROUNDING_RATES) — grounding accuracy over the answerable probes, hallucination over
 * the answers given, refusal and false confidence over the unanswerable probes — as the accuracy interval always did.
 */
import { GROUNDING_RATES, type BootstrapOptions, type GroundingProbe } from '../stats/benchmarks/index';
import type { GroundingIntervals } from '../../shared/types/grounding-rows';
import { hits, meanInterval } from './intervals';

/** The percentile bootstrap interval of each rate of the probes' grounding summary, resampling their scripts. */
export function groundingIntervals(probes: readonly GroundingProbe[], options: BootstrapOptions): GroundingIntervals {
  const entries = Object.entries(GROUNDING_RATES).map(([rate, { over, hit }]) => [
    rate,
    meanInterval(hits(probes.filter(over), (p) => p.script, hit), options),
  ]);
  return Object.fromEntries(entries) as GroundingIntervals;
}

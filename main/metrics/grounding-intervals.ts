/**
 * Bootstrap intervals of every rate of a DSB-DG grounding summary (summarizeGrounding), each resampling scripts among
 * the probes that rate is taken over — grounding accuracy over the answerable probes, hallucination over the answers
 * given, refusal and false confidence over the unanswerable probes — as the per-system accuracy interval always did.
 */
import type { BootstrapOptions, GroundingProbe } from '../stats/benchmarks/index';
import type { GroundingIntervals, GroundingRate } from '../../shared/types/grounding-rows';
import { hits, meanInterval } from './intervals';

/** Each rate's denominator (which probes it is over) and numerator, as summarizeGrounding counts them. */
const RATES: Record<GroundingRate, { over: (p: GroundingProbe) => boolean; hit: (p: GroundingProbe) => boolean }> = {
  accuracy: { over: (p) => p.answerable, hit: (p) => !p.refused && p.correct },
  hallucination: { over: (p) => !p.refused, hit: (p) => p.hallucination !== 'none' },
  intrinsic: { over: (p) => !p.refused, hit: (p) => p.hallucination === 'intrinsic' },
  extrinsic: { over: (p) => !p.refused, hit: (p) => p.hallucination === 'extrinsic' },
  refusalOnUnanswerable: { over: (p) => !p.answerable, hit: (p) => p.refused },
  refusalOnAnswerable: { over: (p) => p.answerable, hit: (p) => p.refused },
  falseConfidence: { over: (p) => !p.answerable, hit: (p) => !p.refused && p.confident },
};

/** The percentile bootstrap interval of each rate of the probes' grounding summary, resampling their scripts. */
export function groundingIntervals(probes: readonly GroundingProbe[], options: BootstrapOptions): GroundingIntervals {
  const entries = Object.entries(RATES).map(([rate, { over, hit }]) => [
    rate,
    meanInterval(hits(probes.filter(over), (p) => p.script, hit), options),
  ]);
  return Object.fromEntries(entries) as GroundingIntervals;
}

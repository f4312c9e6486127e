import { groupBy } from './group';
import type { GroundingProbe } from './grounding-probe';
import { rate } from './rate';
import type { GroundingRate, GroundingRow, GroundingSummary } from '../../../shared/types/grounding-rows';

/** A grounding summary of one system and group, with the probes it summarises (for their intervals). */
export type GroupedGrounding = Omit<GroundingRow, 'intervals'> & { probes: GroundingProbe[] };

/** Which probes a rate is over, and which of them it counts. */
interface RateRule {
  over: (p: GroundingProbe) => boolean;
  hit: (p: GroundingProbe) => boolean;
}

/** Which probes each rate of a grounding summary is over, and which of them it counts (DSB-DG's definitions). */
export const GROUNDING_RATES: Record<GroundingRate, RateRule> = {
  accuracy: { over: (p) => p.answerable, hit: (p) => !p.refused && p.correct },
  hallucination: { over: (p) => !p.refused, hit: (p) => p.hallucination !== 'none' },
  intrinsic: { over: (p) => !p.refused, hit: (p) => p.hallucination === 'intrinsic' },
  extrinsic: { over: (p) => !p.refused, hit: (p) => p.hallucination === 'extrinsic' },
  refusalOnUnanswerable: { over: (p) => !p.answerable, hit: (p) => p.refused },
  refusalOnAnswerable: { over: (p) => p.answerable, hit: (p) => p.refused },
  falseConfidence: { over: (p) => !p.answerable, hit: (p) => !p.refused && p.confident },
};

/** Grounding accuracy, hallucination (intrinsic/extrinsic), refusal and false-confidence rates of a set of probes. */
export function summarizeGrounding(probes: readonly GroundingProbe[]): GroundingSummary {
  const rates = Object.entries(GROUNDING_RATES).map(([key, { over, hit }]) => {
    const base = probes.filter(over);
    return [key, rate(base.filter(hit).length, base.length)];
  });
  return { probes: probes.length, ...Object.fromEntries(rates) } as GroundingSummary;
}

/** summarizeGrounding per system and group; pass `(p) => p.tier` or `(p) => p.domain` as the grouping. */
export function groundingByGroup(
  probes: readonly GroundingProbe[],
  groupOf: (probe: GroundingProbe) => string,
): GroupedGrounding[] {
  return [...groupBy(probes, (p) => `${p.system}\u0000${groupOf(p)}`).values()].map((rows) => ({
    system: rows[0].system,
    group: groupOf(rows[0]),
    summary: summarizeGrounding(rows),
    probes: rows,
  }));
}

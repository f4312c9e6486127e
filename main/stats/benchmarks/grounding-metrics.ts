import { groupBy } from './group';
import type { GroundingProbe } from './grounding-probe';
import { rate } from './rate';
import type { GroundingRow, GroundingSummary } from '../../../shared/types/grounding-rows';

/** A grounding summary of one system and group, with the probes it summarises (for their intervals). */
export type GroupedGrounding = Omit<GroundingRow, 'intervals'> & { probes: GroundingProbe[] };

/** Grounding accuracy, hallucination (intrinsic/extrinsic), refusal and false-confidence rates of a set of probes. */
export function summarizeGrounding(probes: readonly GroundingProbe[]): GroundingSummary {
  const answerable = probes.filter((p) => p.answerable);
  const unanswerable = probes.filter((p) => !p.answerable);
  const answers = probes.filter((p) => !p.refused);
  return {
    probes: probes.length,
    accuracy: rate(answerable.filter((p) => !p.refused && p.correct).length, answerable.length),
    hallucination: rate(answers.filter((p) => p.hallucination !== 'none').length, answers.length),
    intrinsic: rate(answers.filter((p) => p.hallucination === 'intrinsic').length, answers.length),
    extrinsic: rate(answers.filter((p) => p.hallucination === 'extrinsic').length, answers.length),
    refusalOnUnanswerable: rate(unanswerable.filter((p) => p.refused).length, unanswerable.length),
    refusalOnAnswerable: rate(answerable.filter((p) => p.refused).length, answerable.length),
    falseConfidence: rate(unanswerable.filter((p) => !p.refused && p.confident).length, unanswerable.length),
  };
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

import { clusterBootstrap, type BootstrapOptions } from './bootstrap';
import { groupBy } from './group';
import { isGrounded, type GroundingProbe } from './grounding-probe';
import { rate } from './rate';
import type { GroundingDecayRow } from '../../../shared/types/grounding-rows';

/** A late probe and the early probe of the same script it repeats. */
interface DecayPair {
  script: string;
  early: boolean;
  late: boolean;
}

const gdsOf = (pairs: readonly DecayPair[]): number =>
  pairs.length === 0
    ? Number.NaN
    : (100 * pairs.reduce((s, p) => s + Number(p.late) - Number(p.early), 0)) / pairs.length;

/**
 * Grounding Decay Score per system (DSB-DG, Mathur et al.): each late probe (`repeats` set) is paired with the early
 * probe of the same script it repeats; GDS = 100 × (accuracy of the late probes − accuracy of their early twins), pp.
 */
export function groundingDecayScore(
  probes: readonly GroundingProbe[],
  options: BootstrapOptions = {},
): GroundingDecayRow[] {
  const systems = groupBy(probes, (p) => p.system);
  const rows: GroundingDecayRow[] = [];
  for (const [system, list] of systems) {
    const late = list.filter((p) => p.repeats !== null);
    if (late.length === 0) continue;
    const byKey = groupBy(list, (p) => `${p.script}\u0000${p.probe}`);
    const pairs: DecayPair[] = [];
    for (const p of late) {
      const twins = byKey.get(`${p.script}\u0000${p.repeats}`) ?? [];
      if (twins.length === 1 && twins[0].answerable && p.answerable && twins[0].repeats === null) {
        pairs.push({ script: p.script, early: isGrounded(twins[0]), late: isGrounded(p) });
      }
    }
    const gds = gdsOf(pairs);
    rows.push({
      system,
      pairs: pairs.length,
      unpaired: late.length - pairs.length,
      early: rate(pairs.filter((p) => p.early).length, pairs.length),
      late: rate(pairs.filter((p) => p.late).length, pairs.length),
      gds: Number.isFinite(gds) ? gds : null,
      interval: clusterBootstrap(pairs, (p) => p.script, gdsOf, options),
    });
  }
  return rows;
}

import { groupBy } from './group';
import type { GroundingProbe } from './grounding-probe';
import { rate, type Rate } from './rate';

/** Accuracy before and after context re-injection for one system. */
export interface ReinjectionRow {
  system: string;
  before: Rate;
  after: Rate;
  /** after − before accuracy; null when either side is empty. */
  benefit: number | null;
}

/** Re-injection benefit per system: accuracy of answerable probes after re-injection minus before (probes with reinjection = null are ignored). */
export function reinjectionBenefit(probes: readonly GroundingProbe[]): ReinjectionRow[] {
  const relevant = probes.filter((p) => p.answerable && p.reinjection !== null);
  return [...groupBy(relevant, (p) => p.system)].map(([system, rows]) => {
    const accuracy = (phase: 'before' | 'after'): Rate => {
      const side = rows.filter((p) => p.reinjection === phase);
      return rate(side.filter((p) => p.correct && !p.refused).length, side.length);
    };
    const before = accuracy('before');
    const after = accuracy('after');
    return { system, before, after, benefit: before.value === null || after.value === null ? null : after.value - before.value };
  });
}

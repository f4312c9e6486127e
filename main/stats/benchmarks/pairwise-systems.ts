import { conditionKey, groupBy } from './group';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { holmAdjust } from './holm';
import { mcnemar } from './mcnemar';
import type { SystemComparison } from '../../../shared/types/benchmark-rows';

/** Every pair of systems compared on matched episodes (task, condition, trial) by exact McNemar, Holm-adjusted across pairs. */
export function pairwiseSystemComparisons(records: readonly EpisodeOutcome[]): SystemComparison[] {
  const scored = records.filter((r) => r.reward !== null);
  const systems = [...new Set(scored.map((r) => r.system))].sort();
  const bySystem = new Map<string, Map<string, boolean>>();
  for (const [system, rows] of groupBy(scored, (r) => r.system)) {
    const outcomes = new Map<string, boolean>();
    for (const r of rows) {
      const key = `${r.task}\u0000${conditionKey(r.condition)}\u0000${r.trial}`;
      if (outcomes.has(key))
        throw new Error(
          `duplicate episode for ${system}: task ${r.task}, trial ${r.trial}, ${conditionKey(r.condition)}`,
        );
      outcomes.set(key, isSuccess(r.reward));
    }
    bySystem.set(system, outcomes);
  }
  const rows: Omit<SystemComparison, 'holmP'>[] = [];
  for (let i = 0; i < systems.length; i += 1) {
    for (let j = i + 1; j < systems.length; j += 1) {
      const outcomesA = bySystem.get(systems[i]) ?? new Map<string, boolean>();
      const outcomesB = bySystem.get(systems[j]) ?? new Map<string, boolean>();
      let pairs = 0;
      let successesA = 0;
      let successesB = 0;
      let b = 0;
      let c = 0;
      for (const [key, okA] of outcomesA) {
        const okB = outcomesB.get(key);
        if (okB === undefined) continue;
        pairs += 1;
        if (okA) successesA += 1;
        if (okB) successesB += 1;
        if (okA && !okB) b += 1;
        if (!okA && okB) c += 1;
      }
      rows.push({ systemA: systems[i], systemB: systems[j], pairs, successesA, successesB, test: mcnemar(b, c) });
    }
  }
  const adjusted = holmAdjust(rows.map((row) => row.test.exactP));
  return rows.map((row, i) => ({ ...row, holmP: adjusted[i] }));
}

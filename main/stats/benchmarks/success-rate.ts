import { conditionKey, groupBy } from './group';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { rate } from './rate';
import type { SuccessRateRow } from '../../../shared/types/benchmark-rows';

/** Success rate per (system, condition): successes / scored episodes; unscored episodes are reported, not counted. */
export function successRates(records: readonly EpisodeOutcome[]): SuccessRateRow[] {
  const cells = groupBy(records, (r) => `${r.system}\u0000${conditionKey(r.condition)}`);
  return [...cells.values()].map((cell) => {
    const scored = cell.filter((r) => r.reward !== null);
    return {
      system: cell[0].system,
      condition: { ...cell[0].condition },
      episodes: cell.length,
      unscored: cell.length - scored.length,
      success: rate(scored.filter((r) => isSuccess(r.reward)).length, scored.length),
    };
  });
}

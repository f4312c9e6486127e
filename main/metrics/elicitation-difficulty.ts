/** τ-Elicitation's strategy gain by entity difficulty for one τ section's episodes, in the τ tables' row order. */
import type { BootstrapOptions } from '../stats/benchmarks/index';
import { strategyGainByDifficulty } from '../stats/benchmarks/tau-elicitation-difficulty';
import type { DifficultyStratumRow } from '../../shared/types/elicitation-difficulty-rows';
import { durationSec } from './elicitation-facts';
import type { MetricsEpisode } from './load';

type CellOrder = (
  a: { system: string; condition: Record<string, string> },
  b: { system: string; condition: Record<string, string> },
) => number;

/** The rows of every system in `order`, then the across-systems rows in the order of their first system. */
export function elicitationDifficulty(
  episodes: readonly MetricsEpisode[],
  boot: BootstrapOptions,
  order: CellOrder,
): { strategyByDifficulty: DifficultyStratumRow[] } {
  const rows = strategyGainByDifficulty(
    episodes.map((e) => ({
      task: e.task,
      system: e.system,
      condition: e.condition,
      trial: e.trial,
      reward: e.reward,
      durationSec: durationSec(e),
    })),
    { bootstrap: boot },
  );
  const cell = (r: DifficultyStratumRow) => ({
    system: r.systems[0],
    condition: { ...r.condition, environment: r.environment },
  });
  const sorted = (list: DifficultyStratumRow[]) => list.sort((a, b) => order(cell(a), cell(b)));
  return {
    strategyByDifficulty: [
      ...sorted(rows.filter((r) => r.system !== null)),
      ...sorted(rows.filter((r) => r.system === null)),
    ],
  };
}

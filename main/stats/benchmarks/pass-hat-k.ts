import { conditionKey, groupBy, meanOrNull } from './group';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import type { PassHatKRow } from '../../../shared/types/benchmark-rows';

/** C(c, k) / C(n, k): the chance that k trials drawn without replacement from n (c successes) all succeed. */
export function passHatKForTask(trials: number, successes: number, k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  if (trials < k) throw new RangeError(`pass^${k} needs at least ${k} trials, got ${trials}`);
  if (successes < 0 || successes > trials)
    throw new RangeError(`successes ${successes} out of range for ${trials} trials`);
  let value = 1;
  for (let i = 0; i < k; i += 1) value *= (successes - i) / (trials - i);
  return Math.max(0, value);
}

/** pass^k per (system, condition): mean over tasks of C(c,k)/C(n,k) on scored trials; tasks with n < k are excluded and listed. */
export function passHatK(records: readonly EpisodeOutcome[], k: number): PassHatKRow[] {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  const cells = groupBy(records, (r) => `${r.system}\u0000${conditionKey(r.condition)}`);
  return [...cells.values()].map((cell) => {
    const perTask: number[] = [];
    const excluded: { task: string; trials: number }[] = [];
    for (const [task, rows] of groupBy(cell, (r) => r.task)) {
      const scored = rows.filter((r) => r.reward !== null);
      if (scored.length < k) excluded.push({ task, trials: scored.length });
      else perTask.push(passHatKForTask(scored.length, scored.filter((r) => isSuccess(r.reward)).length, k));
    }
    return {
      system: cell[0].system,
      condition: { ...cell[0].condition },
      k,
      value: meanOrNull(perTask),
      tasks: perTask.length,
      excluded,
    };
  });
}

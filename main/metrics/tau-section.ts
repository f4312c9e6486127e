/** τ-family tables of one benchmark: success / Pass@1 with task-clustered intervals, pass^k, pairwise McNemar + Holm, crossed Pass^3. */
import {
  MIN_CELL_ITEMS,
  TAU_ELICITATION_ENVIRONMENTS,
  belowMinimum,
  conditionKey,
  crossEnvironmentPass,
  groupBy,
  holmAdjust,
  isSuccess,
  pairwiseSystemComparisons,
  passHatK,
  rate,
  successRates,
  type BootstrapOptions,
  type EpisodeOutcome,
} from '../stats/benchmarks/index';
import type {
  CrossEnvironmentCell,
  MetricsFamily,
  PairwiseComparison,
  SystemSuccess,
  TauSection,
} from '../../shared/types/metrics';
import type { RealismArm, SubsetCount } from '../../shared/types/elicitation-rows';
import { hits, meanInterval } from './intervals';
import { elicitationFigures, type IntakeSource } from './elicitation';
import { elicitationAnalyses, startRealism } from './elicitation-analyses';
import { realismHere } from './realism-runner';
import { elicitationDifficulty } from './elicitation-difficulty';
import { subsetOf } from './elicitation-facts';
import { resultsCellEpisodes } from './results-cells';
import type { MetricsEpisode } from './load';

/** The outcome record of an episode for the τ functions. */
export function outcomeOf(e: MetricsEpisode): EpisodeOutcome {
  return { task: e.task, system: e.system, condition: e.condition, trial: e.trial, reward: e.reward };
}

const cellKey = (r: EpisodeOutcome): string => `${r.system}\u0000${conditionKey(r.condition)}`;

const environmentRank = (env: string | undefined): number => {
  const i = (TAU_ELICITATION_ENVIRONMENTS as readonly string[]).indexOf(env ?? '');
  return i < 0 ? TAU_ELICITATION_ENVIRONMENTS.length : i;
};

/**
 * Row order of the τ tables: systems in order of first appearance, then the other condition keys (e.g. strategy) by
 * their text, then the environment in paper order (regular, noise-heavy, speech-heavy), then k.
 */
export function cellOrder(systems: readonly string[]) {
  return (
    a: { system: string; condition: Record<string, string>; k?: number },
    b: { system: string; condition: Record<string, string>; k?: number },
  ): number => {
    const rest = (c: Record<string, string>) =>
      conditionKey(Object.fromEntries(Object.entries(c).filter(([key]) => key !== 'environment')));
    return (
      systems.indexOf(a.system) - systems.indexOf(b.system) ||
      rest(a.condition).localeCompare(rest(b.condition)) ||
      environmentRank(a.condition.environment) - environmentRank(b.condition.environment) ||
      (a.condition.environment ?? '').localeCompare(b.condition.environment ?? '') ||
      (a.k ?? 0) - (b.k ?? 0)
    );
  };
}

/** Success per system pooled over conditions; the interval resamples tasks, so a task's episodes in every condition move together. */
function systemSuccess(records: readonly EpisodeOutcome[], options: BootstrapOptions): SystemSuccess[] {
  return [...groupBy(records, (r) => r.system)].map(([system, rows]) => {
    const scored = rows.filter((r) => r.reward !== null);
    return {
      system,
      episodes: rows.length,
      unscored: rows.length - scored.length,
      success: rate(scored.filter((r) => isSuccess(r.reward)).length, scored.length),
      interval: meanInterval(
        hits(
          scored,
          (r) => r.task,
          (r) => isSuccess(r.reward),
        ),
        options,
      ),
      belowMinimum: belowMinimum(scored.length),
    };
  });
}

/** The largest number of scored trials any task has in any (system, condition) cell. */
function maxTrials(records: readonly EpisodeOutcome[]): number {
  let max = 0;
  for (const cell of groupBy(
    records.filter((r) => r.reward !== null),
    cellKey,
  ).values()) {
    for (const rows of groupBy(cell, (r) => r.task).values()) max = Math.max(max, rows.length);
  }
  return max;
}

/**
 * Pairwise comparisons of named systems, each with the paired difference interval clustered by task; [] with fewer
 * than two systems. A pair with fewer matched episodes than the minimum gets no test; Holm runs over the pairs tested.
 */
function pairwise(
  records: readonly EpisodeOutcome[],
  options: BootstrapOptions,
  notes: string[],
  label: string,
): PairwiseComparison[] {
  const named = records.filter((r) => r.system !== '' && r.reward !== null);
  if (new Set(named.map((r) => r.system)).size < 2) return [];
  let comparisons;
  try {
    comparisons = pairwiseSystemComparisons(named);
  } catch (err) {
    notes.push(`${label}: pairwise comparisons skipped: ${(err as Error).message}`);
    return [];
  }
  const outcomes = new Map<string, Map<string, { task: string; ok: boolean }>>();
  for (const [system, rows] of groupBy(named, (r) => r.system)) {
    outcomes.set(
      system,
      new Map(
        rows.map((r) => [
          `${r.task}\u0000${conditionKey(r.condition)}\u0000${r.trial}`,
          { task: r.task, ok: isSuccess(r.reward) },
        ]),
      ),
    );
  }
  const tested = comparisons.filter((c) => !belowMinimum(c.pairs));
  const adjusted = holmAdjust(tested.map((t) => t.test.exactP));
  const holm = new Map(tested.map((c, i) => [c, adjusted[i]]));
  return comparisons.map((c) => {
    const b = outcomes.get(c.systemB)!;
    const diffs = [...outcomes.get(c.systemA)!].flatMap(([key, a]) => {
      const other = b.get(key);
      return other ? [{ cluster: a.task, value: Number(a.ok) - Number(other.ok) }] : [];
    });
    const small = belowMinimum(c.pairs);
    return {
      ...c,
      test: small ? null : c.test,
      holmP: holm.get(c) ?? null,
      difference: meanInterval(diffs, options),
      belowMinimum: small,
    };
  });
}

/** Crossed Pass^3 with an interval over the complete tasks; [] unless two or more of the three environments occur. */
function crossEnvironment(records: readonly EpisodeOutcome[], options: BootstrapOptions): CrossEnvironmentCell[] {
  const environments = new Set(
    records
      .map((r) => r.condition.environment)
      .filter((env) => (TAU_ELICITATION_ENVIRONMENTS as readonly string[]).includes(env)),
  );
  if (environments.size < 2) return [];
  return crossEnvironmentPass(records).map((row) => {
    const left = new Set([...row.incomplete.map((t) => t.task), ...row.duplicated.map((t) => t.task)]);
    const mine = records.filter(
      (r) =>
        r.system === row.system &&
        r.reward !== null &&
        (TAU_ELICITATION_ENVIRONMENTS as readonly string[]).includes(r.condition.environment) &&
        conditionKey(row.condition) ===
          conditionKey(Object.fromEntries(Object.entries(r.condition).filter(([k]) => k !== 'environment'))),
    );
    const perTask = [...groupBy(mine, (r) => r.task)].filter(([task]) => !left.has(task));
    const observations = perTask.map(([task, rows]) => ({
      cluster: task,
      value: rows.every((r) => isSuccess(r.reward)) ? 1 : 0,
    }));
    return {
      ...row,
      interval: meanInterval(observations, options),
      belowMinimum: belowMinimum(row.passAll.denominator),
    };
  });
}

/** Episodes of each subset, with their success, in order of first appearance. */
function subsetCounts(episodes: readonly MetricsEpisode[]): SubsetCount[] {
  return [...groupBy(episodes, (e) => subsetOf(e)!)].map(([subset, rows]) => {
    const scored = rows.filter((e) => e.reward !== null);
    return {
      subset,
      episodes: rows.length,
      success: rate(scored.filter((e) => isSuccess(e.reward)).length, scored.length),
    };
  });
}

/**
 * Every τ table of one benchmark's episodes; `intake` supplies the tool events of calls with gold fields. Episodes of a
 * subset (`info.subset`: example calls, validation-only calls) are counted apart and left out of every other table.
 * `startedRealism` collects realism effects started earlier (by default they are computed here, when needed).
 */
export function tauSection(
  benchmark: MetricsFamily,
  all: readonly MetricsEpisode[],
  intake: IntakeSource,
  options: BootstrapOptions,
  notes: string[],
  startedRealism?: () => RealismArm[],
): TauSection {
  const episodes = resultsCellEpisodes(benchmark, all, notes, true);
  const realism = startedRealism ?? startRealism(episodes, intake, options, realismHere);
  const subsets = subsetCounts(all.filter((e) => subsetOf(e) !== null));
  const records = episodes.map(outcomeOf);
  const unscored = records.filter((r) => r.reward === null).length;
  if (unscored > 0)
    notes.push(`${benchmark}: ${unscored} episode(s) without a reward are unscored: left out of every rate`);
  const cells = groupBy(records, cellKey);
  const order = cellOrder([...new Set(records.map((r) => r.system))]);
  const success = successRates(records)
    .sort(order)
    .map((row) => {
      const scored = (cells.get(`${row.system}\u0000${conditionKey(row.condition)}`) ?? []).filter(
        (r) => r.reward !== null,
      );
      return {
        ...row,
        interval: meanInterval(
          hits(
            scored,
            (r) => r.task,
            (r) => isSuccess(r.reward),
          ),
          options,
        ),
        belowMinimum: belowMinimum(row.success.denominator),
      };
    });
  const maxK = maxTrials(records);
  const passRows = Array.from({ length: maxK }, (_, i) => passHatK(records, i + 1))
    .flat()
    .sort(order);
  return {
    benchmark,
    episodes: records.length,
    unscored,
    minCellItems: MIN_CELL_ITEMS,
    subsets,
    success,
    systems: systemSuccess(records, options),
    passHatK: { maxK, rows: passRows },
    pairwise: pairwise(records, options, notes, benchmark),
    crossEnvironment: crossEnvironment(records, options),
    ...elicitationFigures(episodes, intake, options, order),
    ...elicitationAnalyses(episodes, options, order, realism),
    ...elicitationDifficulty(episodes, options, order),
  };
}

/**
 * τ-Elicitation's strategy gain by entity difficulty (Ray & Barres §4.1, "Gains are slightly larger for hard entities
 * (27 versus 23 points)"): per system, environment and difficulty stratum, each strategy's success and every strategy's
 * gain over the baseline, paired by task; and the mean of the systems' gains, as the paper averages them.
 */
import type { BootstrapOptions } from './bootstrap';
import { binomialTestHalf } from './binomial';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { conditionKey, groupBy } from './group';
import { holmAdjust } from './holm';
import { parseIntakeTask } from './intake-task';
import { isSuccess } from './episode-outcome';
import { belowMinimum } from './min-cell';
import { rate } from './rate';
import type { TimedOutcome } from './strategy-difference';
import type {
  DifficultyStratumRow,
  StratumStrategyGain,
  StratumStrategySuccess,
} from '../../../shared/types/elicitation-difficulty-rows';

/** Which strategy is the baseline, under which condition keys. */
export interface DifficultyOptions {
  bootstrap?: BootstrapOptions;
  /** Condition key of the prompting strategy (default `strategy`). */
  strategyKey?: string;
  /** Default `agent_directed` (the paper's default prompt). */
  baseline?: string;
  /** Condition key of the environment (default `environment`). */
  environmentKey?: string;
}

/** Strata in display order; a task id that does not parse is `unknown`. */
export const DIFFICULTY_ORDER = ['easy', 'hard', 'unknown'] as const;

/** One strategy's scored calls of one task of one system. */
interface TaskArm {
  successes: number;
  calls: number;
  /** Mean call duration over the calls that have one; null when none has. */
  seconds: number | null;
}

/** One task of one system: its stratum and each strategy's calls. */
interface Entry {
  system: string;
  task: string;
  stratum: string;
  arms: Map<string, TaskArm>;
}

const difficultyOf = (task: string): string => parseIntakeTask(task)?.difficulty ?? 'unknown';
const share = (a: TaskArm): number => a.successes / a.calls;

/** The entries of one cell's scored calls, by (system, task). */
function entriesOf(rows: readonly TimedOutcome[], strategyKey: string): Entry[] {
  return [...groupBy(rows, (r) => `${r.system}\u0000${r.task}`).values()].map((calls) => {
    const arms = new Map<string, TaskArm>();
    for (const [strategy, list] of groupBy(calls, (r) => r.condition[strategyKey])) {
      const timed = list.flatMap((r) => (r.durationSec === null ? [] : [r.durationSec]));
      arms.set(strategy, {
        successes: list.filter((r) => isSuccess(r.reward)).length,
        calls: list.length,
        seconds: timed.length ? timed.reduce((a, b) => a + b, 0) / timed.length : null,
      });
    }
    return { system: calls[0].system, task: calls[0].task, stratum: difficultyOf(calls[0].task), arms };
  });
}

/** Exact two-sided sign test of the tasks a strategy won against those it lost (ties left out). */
const signTest = (better: number, worse: number): number => binomialTestHalf(Math.min(better, worse), better + worse);

/**
 * The rows of one cell (one system, or several averaged): one bootstrap of the cell's tasks gives every stratum's
 * success per strategy and every gain. A gain is the mean over the systems with paired tasks of their mean paired
 * difference; its sign test counts the tasks whose difference, averaged over those systems, is positive or negative.
 */
function cellRows(
  entries: readonly Entry[],
  strategies: readonly string[],
  baseline: string,
  head: Omit<DifficultyStratumRow, 'difficulty' | 'strategies' | 'gains'>,
  boot: BootstrapOptions,
): DifficultyStratumRow[] {
  const strata = DIFFICULTY_ORDER.filter((d) => entries.some((e) => e.stratum === d));
  const compared = strategies.includes(baseline) ? strategies.filter((s) => s !== baseline) : [];
  const systems = head.systems;
  const [K, J, G, S] = [strata.length, strategies.length, compared.length, systems.length];
  const successAt = (k: number, j: number) => (k * J + j) * 2;
  const gainAt = (s: number, k: number, g: number) => 2 * K * J + ((s * K + k) * G + g) * 4;
  const clusters = new Map<string, Float64Array>();
  for (const e of entries) {
    let v = clusters.get(e.task);
    if (!v) clusters.set(e.task, (v = new Float64Array(2 * K * J + 4 * S * K * G)));
    const k = strata.indexOf(e.stratum as (typeof strata)[number]);
    strategies.forEach((strategy, j) => {
      const arm = e.arms.get(strategy);
      if (arm)
        [v[successAt(k, j)], v[successAt(k, j) + 1]] = [
          v[successAt(k, j)] + arm.successes,
          v[successAt(k, j) + 1] + arm.calls,
        ];
    });
    const base = e.arms.get(baseline);
    compared.forEach((strategy, g) => {
      const arm = e.arms.get(strategy);
      if (!base || !arm) return;
      const at = gainAt(systems.indexOf(e.system), k, g);
      v[at] += share(arm) - share(base);
      v[at + 1] += 1;
      // Whole milliseconds keep every sum an integer, so the bootstrap can add the draws' multiplicities exactly.
      if (arm.seconds !== null && base.seconds !== null)
        [v[at + 2], v[at + 3]] = [v[at + 2] + Math.round((arm.seconds - base.seconds) * 1000), v[at + 3] + 1];
    });
  }
  const ratio = (i: number) => (t: Float64Array) => (t[i + 1] > 0 ? t[i] / t[i + 1] : Number.NaN);
  const systemMean = (k: number, g: number, offset: 0 | 2) => (t: Float64Array) => {
    let [sum, n] = [0, 0];
    for (let s = 0; s < S; s += 1) {
      const at = gainAt(s, k, g) + offset;
      if (t[at + 1] > 0) [sum, n] = [sum + t[at] / t[at + 1], n + 1];
    }
    return n ? sum / n / (offset === 2 ? 1000 : 1) : Number.NaN;
  };
  const statistics = strata.flatMap((_, k) => [
    ...strategies.map((_s, j) => ratio(successAt(k, j))),
    ...compared.flatMap((_g, g) => [systemMean(k, g, 0), systemMean(k, g, 2)]),
  ]);
  const intervals = clusterSumsBootstrap([...clusters.values()], statistics, boot);
  const per = J + 2 * G;
  const rows = strata.map((stratum, k): DifficultyStratumRow => {
    const mine = entries.filter((e) => e.stratum === stratum);
    const rowStrategies = strategies.map((strategy, j): StratumStrategySuccess => {
      const arms = mine.flatMap((e) => (e.arms.has(strategy) ? [e.arms.get(strategy)!] : []));
      const tasks = new Set(mine.filter((e) => e.arms.has(strategy)).map((e) => e.task)).size;
      const success = rate(
        arms.reduce((n, a) => n + a.successes, 0),
        arms.reduce((n, a) => n + a.calls, 0),
      );
      return { strategy, tasks, success, interval: intervals[k * per + j], belowMinimum: belowMinimum(tasks) };
    });
    const gains = compared.map((strategy, g): StratumStrategyGain => {
      const paired = mine.filter((e) => e.arms.has(strategy) && e.arms.has(baseline));
      const byTask = [...groupBy(paired, (e) => e.task).values()].map(
        (list) =>
          list.reduce((d, e) => d + share(e.arms.get(strategy)!) - share(e.arms.get(baseline)!), 0) / list.length,
      );
      const timed = new Set(
        paired
          .filter((e) => e.arms.get(strategy)!.seconds !== null && e.arms.get(baseline)!.seconds !== null)
          .map((e) => e.task),
      );
      const sides = (s: string) =>
        rate(
          paired.reduce((n, e) => n + e.arms.get(s)!.successes, 0),
          paired.reduce((n, e) => n + e.arms.get(s)!.calls, 0),
        );
      const [better, worse] = [byTask.filter((d) => d > 0).length, byTask.filter((d) => d < 0).length];
      const small = belowMinimum(byTask.length);
      return {
        strategy,
        baseline,
        pairedTasks: byTask.length,
        baselineSuccess: sides(baseline),
        strategySuccess: sides(strategy),
        gain: intervals[k * per + J + 2 * g],
        better,
        worse,
        p: small ? null : signTest(better, worse),
        holmP: null,
        timedTasks: timed.size,
        secondsGain: intervals[k * per + J + 2 * g + 1],
        belowMinimum: small,
      };
    });
    return { ...head, difficulty: stratum, strategies: rowStrategies, gains };
  });
  compared.forEach((_, g) => {
    const tested = rows.filter((r) => r.gains[g].p !== null);
    const adjusted = holmAdjust(tested.map((r) => r.gains[g].p!));
    tested.forEach((r, i) => (r.gains[g].holmP = adjusted[i]));
  });
  return rows;
}

/**
 * Strategy success and gain over the baseline by entity difficulty: rows per (system, condition, environment) cell and
 * stratum, then, for each (condition, environment) with two or more systems that have the baseline, rows of the mean
 * over systems (`system: null`). Only scored calls that name a strategy count; [] when no task id gives a difficulty.
 */
export function strategyGainByDifficulty(
  records: readonly TimedOutcome[],
  options: DifficultyOptions = {},
): DifficultyStratumRow[] {
  const strategyKey = options.strategyKey ?? 'strategy';
  const environmentKey = options.environmentKey ?? 'environment';
  const baseline = options.baseline ?? 'agent_directed';
  const boot = options.bootstrap ?? {};
  const scored = records.filter((r) => r.reward !== null && typeof r.condition[strategyKey] === 'string');
  if (!scored.some((r) => parseIntakeTask(r.task))) return [];
  const rest = (c: Record<string, string>) =>
    Object.fromEntries(Object.entries(c).filter(([k]) => k !== strategyKey && k !== environmentKey));
  const strategiesOf = (rows: readonly TimedOutcome[]) => {
    const seen = [...new Set(rows.map((r) => r.condition[strategyKey]))];
    return seen.includes(baseline) ? [baseline, ...seen.filter((s) => s !== baseline)] : seen;
  };
  const out: DifficultyStratumRow[] = [];
  const pooled: DifficultyStratumRow[] = [];
  const byArm = groupBy(scored, (r) => `${conditionKey(rest(r.condition))}\u0000${r.condition[environmentKey] ?? ''}`);
  for (const rows of byArm.values()) {
    const condition = rest(rows[0].condition);
    const environment = rows[0].condition[environmentKey] ?? '';
    const withBaseline: string[] = [];
    for (const [system, list] of groupBy(rows, (r) => r.system)) {
      const strategies = strategiesOf(list);
      if (strategies[0] === baseline && strategies.length > 1) withBaseline.push(system);
      const head = { system, systems: [system], condition, environment };
      out.push(...cellRows(entriesOf(list, strategyKey), strategies, baseline, head, boot));
    }
    if (withBaseline.length < 2) continue;
    const list = rows.filter((r) => withBaseline.includes(r.system));
    const head = { system: null, systems: withBaseline, condition, environment };
    pooled.push(...cellRows(entriesOf(list, strategyKey), strategiesOf(list), baseline, head, boot));
  }
  return [...out, ...pooled];
}

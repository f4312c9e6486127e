import { clusterBootstrap, type BootstrapOptions } from './bootstrap';
import { TAU_ELICITATION_ENVIRONMENTS } from './cross-environment-pass';
import { conditionKey, groupBy, meanOrNull } from './group';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { belowMinimum } from './min-cell';
import { rate } from './rate';
import type { StrategyPass3Row, StrategyPassRow } from '../../../shared/types/elicitation-rows';

/** A scored call with its duration in seconds (null when unknown). */
export interface TimedOutcome extends EpisodeOutcome {
  durationSec: number | null;
}

/** Which strategies are compared and under which condition keys. */
export interface StrategyOptions {
  bootstrap?: BootstrapOptions;
  /** Condition key of the prompting strategy (default `strategy`). */
  strategyKey?: string;
  /** Default `scaffolded` (the paper's prescribed protocol). */
  treatment?: string;
  /** Default `agent_directed` (the paper's default prompt). */
  reference?: string;
  /** Condition key of the environment (default `environment`). */
  environmentKey?: string;
}

interface Paired {
  task: string;
  reference: number;
  treatment: number;
}

const meanDifference = (pairs: readonly Paired[]): number =>
  pairs.length === 0 ? Number.NaN : pairs.reduce((s, p) => s + p.treatment - p.reference, 0) / pairs.length;

/** Per task, the mean of `value` over the calls that have one (null when none has). */
function perTask(rows: readonly TimedOutcome[], value: (r: TimedOutcome) => number | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const [task, list] of groupBy(rows, (r) => r.task)) {
    const mean = meanOrNull(list.map(value).filter((v): v is number => v !== null));
    if (mean !== null) out.set(task, mean);
  }
  return out;
}

/** Tasks present in both maps, with both values. */
function pair(reference: Map<string, number>, treatment: Map<string, number>): Paired[] {
  return [...reference].flatMap(([task, r]) =>
    treatment.has(task) ? [{ task, reference: r, treatment: treatment.get(task)! }] : [],
  );
}

const sum = (values: Iterable<number>): number => [...values].reduce((a, b) => a + b, 0);

/**
 * τ-Elicitation's strategy comparison (scaffolded − agent-directed): per system and environment, Pass@1 and the mean
 * call duration on the tasks both strategies have, paired by task (a task's mean over its scored trials); per system,
 * crossed Pass^3 on the tasks complete in all three environments under both. Intervals resample tasks.
 */
export function strategyDifferences(
  records: readonly TimedOutcome[],
  options: StrategyOptions = {},
): { passAt1: StrategyPassRow[]; passHat3: StrategyPass3Row[] } {
  const strategyKey = options.strategyKey ?? 'strategy';
  const environmentKey = options.environmentKey ?? 'environment';
  const treatment = options.treatment ?? 'scaffolded';
  const reference = options.reference ?? 'agent_directed';
  const boot = options.bootstrap ?? {};
  const scored = records.filter((r) => r.reward !== null && [treatment, reference].includes(r.condition[strategyKey]));
  const rest = (c: Record<string, string>) =>
    Object.fromEntries(Object.entries(c).filter(([k]) => k !== strategyKey && k !== environmentKey));
  const passAt1: StrategyPassRow[] = [];
  const passHat3: StrategyPass3Row[] = [];
  for (const group of groupBy(scored, (r) => `${r.system}\u0000${conditionKey(rest(r.condition))}`).values()) {
    const arm = (rows: readonly TimedOutcome[], s: string) => rows.filter((r) => r.condition[strategyKey] === s);
    if (arm(group, treatment).length === 0 || arm(group, reference).length === 0) continue;
    const head = { system: group[0].system, condition: rest(group[0].condition), treatment, reference };
    for (const [environment, rows] of groupBy(group, (r) => r.condition[environmentKey] ?? '')) {
      const success = (s: string) => perTask(arm(rows, s), (r) => (isSuccess(r.reward) ? 1 : 0));
      const seconds = (s: string) => perTask(arm(rows, s), (r) => r.durationSec);
      const pairs = pair(success(reference), success(treatment));
      if (pairs.length === 0) continue;
      const timed = pair(seconds(reference), seconds(treatment));
      const count = (s: string) => {
        const tasks = new Set(pairs.map((p) => p.task));
        const calls = arm(rows, s).filter((r) => tasks.has(r.task));
        return rate(calls.filter((r) => isSuccess(r.reward)).length, calls.length);
      };
      passAt1.push({
        ...head,
        environment,
        tasks: pairs.length,
        referenceSuccess: count(reference),
        treatmentSuccess: count(treatment),
        difference: clusterBootstrap(pairs, (p) => p.task, meanDifference, boot),
        timedTasks: timed.length,
        referenceSeconds: meanOrNull(timed.map((p) => p.reference)),
        treatmentSeconds: meanOrNull(timed.map((p) => p.treatment)),
        secondsDifference: clusterBootstrap(timed, (p) => p.task, meanDifference, boot),
        belowMinimum: belowMinimum(pairs.length),
      });
    }
    const crossed = (s: string) => allThree(arm(group, s), environmentKey);
    const [ref, treat] = [crossed(reference), crossed(treatment)];
    const pairs = pair(ref, treat);
    if (pairs.length === 0) continue;
    const seen = new Set(group.map((r) => r.task)).size;
    passHat3.push({
      ...head,
      tasks: pairs.length,
      unpaired: seen - pairs.length,
      referencePass: rate(sum(pairs.map((p) => p.reference)), pairs.length),
      treatmentPass: rate(sum(pairs.map((p) => p.treatment)), pairs.length),
      difference: clusterBootstrap(pairs, (p) => p.task, meanDifference, boot),
      belowMinimum: belowMinimum(pairs.length),
    });
  }
  return { passAt1, passHat3 };
}

/** Per task with exactly one scored call in each of the three environments: 1 when all three succeed, else 0. */
function allThree(rows: readonly TimedOutcome[], environmentKey: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [task, list] of groupBy(rows, (r) => r.task)) {
    const per = TAU_ELICITATION_ENVIRONMENTS.map((env) => list.filter((r) => r.condition[environmentKey] === env));
    if (per.every((calls) => calls.length === 1)) out.set(task, per.every(([call]) => isSuccess(call.reward)) ? 1 : 0);
  }
  return out;
}

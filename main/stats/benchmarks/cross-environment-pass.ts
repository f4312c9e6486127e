import { conditionKey, groupBy } from './group';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { rate } from './rate';
import type { CrossEnvironmentRow } from '../../../shared/types/benchmark-rows';

/** The three τ-Elicitation speech environments, in paper order. */
export const TAU_ELICITATION_ENVIRONMENTS = ['regular', 'noise_heavy', 'speech_heavy'] as const;

/** Options of crossEnvironmentPass. */
export interface CrossEnvironmentOptions {
  /** Condition key naming the environment (default `environment`); every other condition key (e.g. strategy) splits groups. */
  environmentKey?: string;
  /** Environments a task must pass in (default regular, noise_heavy, speech_heavy). */
  environments?: readonly string[];
}

/** τ-Elicitation Pass^3: share of tasks a system gets right in all listed environments; gaps and duplicates are reported, not dropped silently. */
export function crossEnvironmentPass(
  records: readonly EpisodeOutcome[],
  options: CrossEnvironmentOptions = {},
): CrossEnvironmentRow[] {
  const environmentKey = options.environmentKey ?? 'environment';
  const environments = options.environments ?? TAU_ELICITATION_ENVIRONMENTS;
  const wanted = records.filter((r) => environments.includes(r.condition[environmentKey]));
  const rest = (r: EpisodeOutcome): Record<string, string> => {
    const { [environmentKey]: _environment, ...others } = r.condition;
    return others;
  };
  const groups = groupBy(wanted, (r) => `${r.system}\u0000${conditionKey(rest(r))}`);
  return [...groups.values()].map((group) => {
    let complete = 0;
    let passed = 0;
    const incomplete: CrossEnvironmentRow['incomplete'] = [];
    const duplicated: CrossEnvironmentRow['duplicated'] = [];
    for (const [task, rows] of groupBy(group, (r) => r.task)) {
      const perEnvironment = environments.map((env) =>
        rows.filter((r) => r.reward !== null && r.condition[environmentKey] === env),
      );
      const missing = environments.filter((_, i) => perEnvironment[i].length === 0);
      const doubled = environments.filter((_, i) => perEnvironment[i].length > 1);
      if (missing.length > 0) incomplete.push({ task, missing });
      else if (doubled.length > 0) duplicated.push({ task, environments: doubled });
      else {
        complete += 1;
        if (perEnvironment.every(([only]) => isSuccess(only.reward))) passed += 1;
      }
    }
    return {
      system: group[0].system,
      condition: rest(group[0]),
      passAll: rate(passed, complete),
      incomplete,
      duplicated,
    };
  });
}

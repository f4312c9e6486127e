/** τ-Elicitation's analyses beyond Pass@1 and capture: strategy differences, caller voice, caller realisms. */
import {
  REALISM_ORDER,
  callerVoiceSuccess,
  conditionKey,
  groupBy,
  isSuccess,
  realismUnits,
  strategyDifferences,
  type BootstrapOptions,
  type RealismCall,
} from '../stats/benchmarks/index';
import type {
  CallerVoiceRow,
  RealismArm,
  StrategyPass3Row,
  StrategyPassRow,
} from '../../shared/types/elicitation-rows';
import type { IntakeSource } from './elicitation';
import { assignedRealism, durationSec, spellingRequested, voiceOf } from './elicitation-facts';
import type { MetricsEpisode } from './load';
import type { RealismRunner } from './realism-runner';

type CellOrder = (
  a: { system: string; condition: Record<string, string> },
  b: { system: string; condition: Record<string, string> },
) => number;

/** Kinds in the paper's display order, then any others by name. */
const kindOrder = (kinds: Iterable<string>): string[] => {
  const present = [...new Set(kinds)];
  return [
    ...REALISM_ORDER.filter((k) => present.includes(k)),
    ...present.filter((k) => !REALISM_ORDER.includes(k)).sort(),
  ];
};

/** The condition without its environment: the prompting arm. */
const armOf = (condition: Record<string, string>) =>
  Object.fromEntries(Object.entries(condition).filter(([k]) => k !== 'environment'));

/**
 * Realism effects per arm over the calls recording a complication ([] when none does), started on `runner` now; the
 * function returned collects them.
 */
export function startRealism(
  episodes: readonly MetricsEpisode[],
  intake: IntakeSource,
  boot: BootstrapOptions,
  runner: RealismRunner,
): () => RealismArm[] {
  const calls = episodes.flatMap((e): (RealismCall & { arm: Record<string, string> })[] => {
    const assigned = assignedRealism(e);
    if (!assigned) return [];
    return [
      {
        task: e.task,
        system: e.system,
        environment: e.condition.environment ?? '',
        kind: assigned.kind,
        arm: armOf(e.condition),
        success: e.reward === null ? null : isSuccess(e.reward),
        spellingRequest: spellingRequested(intake(e.id)),
        durationSec: durationSec(e),
      },
    ];
  });
  const arms = [...groupBy(calls, (c) => conditionKey(c.arm)).values()].flatMap((armCalls) => {
    const { units, conflicting } = realismUnits(armCalls);
    if (units.length === 0) return [];
    const kinds = kindOrder(units.flatMap((u) => (u.kind === null ? [] : [u.kind])));
    const cost = kinds.includes('mispronounced_term') ? (['spelling_request', 'duration_s'] as const) : [];
    const rows = runner.start(
      units,
      [
        ...[null, ...kinds].map((kind) => ({ kind, outcome: 'success' as const, test: true })),
        ...cost.map((outcome) => ({ kind: 'mispronounced_term', outcome, test: false })),
      ],
      { bootstrap: boot },
    );
    return [{ armCalls, units: units.length, conflicting, rows }];
  });
  return () =>
    arms.map(({ armCalls, units, conflicting, rows: collect }) => {
      const rows = collect();
      return {
        condition: armCalls[0].arm,
        systems: [...new Set(armCalls.map((c) => c.system))],
        units,
        conflicting,
        effects: rows.filter((r) => r.outcome === 'success'),
        repairCost: rows.filter((r) => r.outcome !== 'success'),
      };
    });
}

/** Strategy differences, success by caller voice and (collected from `realism`) realism effects of a τ section. */
export function elicitationAnalyses(
  episodes: readonly MetricsEpisode[],
  boot: BootstrapOptions,
  order: CellOrder,
  realism: () => RealismArm[],
): {
  strategy: { passAt1: StrategyPassRow[]; passHat3: StrategyPass3Row[] };
  callerVoice: CallerVoiceRow[];
  realism: RealismArm[];
} {
  const outcome = (e: MetricsEpisode) => ({
    task: e.task,
    system: e.system,
    condition: e.condition,
    trial: e.trial,
    reward: e.reward,
  });
  const strategy = strategyDifferences(
    episodes.map((e) => ({ ...outcome(e), durationSec: durationSec(e) })),
    { bootstrap: boot },
  );
  const byEnvironment = (r: StrategyPassRow) => ({
    system: r.system,
    condition: { ...r.condition, environment: r.environment },
  });
  return {
    strategy: {
      passAt1: strategy.passAt1.sort((a, b) => order(byEnvironment(a), byEnvironment(b))),
      passHat3: strategy.passHat3.sort(order),
    },
    callerVoice: callerVoiceSuccess(
      episodes.map((e) => ({ ...outcome(e), voice: voiceOf(e) })),
      boot,
    ).sort(order),
    realism: realism(),
  };
}

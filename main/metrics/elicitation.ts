/** τ-Elicitation capture tables: first-capture vs final-value accuracy and verification effort, from calls carrying gold fields. */
import {
  byCondition,
  byDifficulty,
  byEntityType,
  captureAccuracy,
  captureMatches,
  conditionKey,
  extractFieldCaptures,
  belowMinimum,
  firstWrong,
  groupBy,
  recoveryByStep,
  repairStepOf,
  verificationEffort,
  verificationRepair,
  type BootstrapOptions,
  type FieldCapture,
  type IntakeCall,
} from '../stats/benchmarks/index';
import type { CaptureCell, VerificationCell } from '../../shared/types/metrics';
import type { RecoveryStepRow } from '../../shared/types/elicitation-rows';
import { voiceOf } from './elicitation-facts';
import { hits, meanInterval } from './intervals';
import type { MetricsEpisode, ToolTurn } from './load';

/** The tool events of an episode by id. */
export type IntakeSource = (episodeId: number) => readonly ToolTurn[];

/** The gold fields of an episode (`info.evaluationFields`, values as text), or null when it has none recorded. */
export function goldFields(e: MetricsEpisode): Record<string, string> | null {
  const gold = e.info.evaluationFields;
  if (gold === null || typeof gold !== 'object' || Array.isArray(gold)) return null;
  return Object.fromEntries(Object.entries(gold).map(([k, v]) => [k, String(v)]));
}

/**
 * The call as the capture functions read it. A tool event stored on the agent side was an `agent_tool_event`, one on the
 * user side a `user_tool_event` (how the τ-Elicitation importer keeps the two apart).
 */
export function intakeCall(e: MetricsEpisode, gold: Record<string, string>, tools: readonly ToolTurn[]): IntakeCall {
  const source = (speaker: string): string =>
    speaker === 'agent' ? 'agent_tool_event' : speaker === 'user' ? 'user_tool_event' : 'tool_event';
  return {
    task: e.task,
    system: e.system,
    condition: e.condition,
    evaluationFields: gold,
    turns: tools.map((t) => ({ source: source(t.speaker), toolName: t.name, toolArguments: t.arguments })),
  };
}

/** The condition without its environment: the setting (e.g. strategy) verification effort is split by. */
const rest = (condition: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(condition).filter(([k]) => k !== 'environment'));

/** A verification row with its environment group put back into the condition, for ordering. */
const withEnvironment = (row: VerificationCell) => ({
  system: row.system,
  condition: { ...row.condition, environment: row.group },
});

/** Verification effort per system and group, computed separately for each setting of the other condition keys. */
function effort(calls: readonly IntakeCall[], groupOf: (call: IntakeCall) => string): VerificationCell[] {
  return [...groupBy(calls, (c) => conditionKey(rest(c.condition))).values()].flatMap((group) =>
    verificationEffort(group, groupOf).map((row) => ({ ...row, condition: rest(group[0].condition) })),
  );
}

/** Recovery of the cell's initially wrong captures by repair step, each with a task-clustered interval. */
function recovery(
  captures: readonly FieldCapture[],
  head: { system: string; condition: Record<string, string> },
  options: BootstrapOptions,
): RecoveryStepRow[] {
  const wrong = captures.filter(firstWrong);
  if (wrong.length === 0) return [];
  return recoveryByStep(captures).map(({ step, recovered }) => ({
    ...head,
    step,
    recovered,
    interval: meanInterval(
      hits(
        wrong.filter((c) => repairStepOf(c) === step),
        (c) => c.task,
        (c) => captureMatches(c.finalValue, c.gold),
      ),
      options,
    ),
    belowMinimum: belowMinimum(recovered.denominator),
  }));
}

/** What elicitationFigures returns. */
export interface ElicitationFigures {
  capture: CaptureCell[];
  verification: {
    byEntityType: VerificationCell[];
    byDifficulty: VerificationCell[];
    byEnvironment: VerificationCell[];
    byVoice: VerificationCell[];
  };
  recovery: RecoveryStepRow[];
}

/**
 * Capture accuracy and recovery by repair step per (system, condition) with task-clustered intervals, and verification
 * effort by entity type, difficulty, environment and caller voice.
 */
export function elicitationFigures(
  episodes: readonly MetricsEpisode[],
  intake: IntakeSource,
  options: BootstrapOptions,
  order: (
    a: { system: string; condition: Record<string, string> },
    b: { system: string; condition: Record<string, string> },
  ) => number,
): ElicitationFigures {
  const voices = new Map<IntakeCall, string>();
  const calls = episodes.flatMap((e) => {
    const gold = goldFields(e);
    if (!gold) return [];
    const call = intakeCall(e, gold, intake(e.id));
    const voice = voiceOf(e);
    if (voice !== null) voices.set(call, voice);
    return [call];
  });
  const cells = [...groupBy(calls, (c) => `${c.system}\u0000${conditionKey(c.condition)}`).values()].sort((a, b) =>
    order(a[0], b[0]),
  );
  const captured = cells.map((cell) => ({ cell, captures: cell.flatMap(extractFieldCaptures) }));
  const capture = captured.map(({ cell, captures }): CaptureCell => {
    return {
      system: cell[0].system,
      condition: { ...cell[0].condition },
      calls: cell.length,
      accuracy: captureAccuracy(captures),
      repair: verificationRepair(captures),
      firstInterval: meanInterval(
        hits(
          captures,
          (c) => c.task,
          (c) => captureMatches(c.firstCapture, c.gold),
        ),
        options,
      ),
      finalInterval: meanInterval(
        hits(
          captures,
          (c) => c.task,
          (c) => captureMatches(c.finalValue, c.gold),
        ),
        options,
      ),
      belowMinimum: belowMinimum(captures.length),
    };
  });
  return {
    capture,
    verification: {
      byEntityType: effort(calls, byEntityType),
      byDifficulty: effort(calls, byDifficulty),
      byEnvironment: effort(calls, byCondition('environment')).sort((a, b) =>
        order(withEnvironment(a), withEnvironment(b)),
      ),
      byVoice: effort(
        calls.filter((c) => voices.has(c)),
        (c) => voices.get(c)!,
      ),
    },
    recovery: captured.flatMap(({ cell, captures }) =>
      recovery(captures, { system: cell[0].system, condition: { ...cell[0].condition } }, options),
    ),
  };
}

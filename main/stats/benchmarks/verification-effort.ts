import { groupBy } from './group';
import { parseIntakeTask } from './intake-task';
import { argumentsOf, type IntakeCall, type IntakeTurn } from './intake-call';
import type { VerificationEffortRow } from '../../../shared/types/benchmark-rows';

/** Verification events a caller recorded in one call. */
export interface VerificationCounts {
  /** `note_spell_request` events: the agent asked the caller to spell a value. */
  spellRequests: number;
  /** `note_readback` events: the agent read a value back. */
  readBacks: number;
  /** Read-backs the caller had to correct (`i_affirmed: false`). */
  corrected: number;
}

/** Counts the caller's silent verification tool events (source `user_tool_event` only, as upstream). */
export function countVerificationEvents(turns: readonly IntakeTurn[]): VerificationCounts {
  const counts: VerificationCounts = { spellRequests: 0, readBacks: 0, corrected: 0 };
  for (const turn of turns) {
    if (turn.source !== 'user_tool_event') continue;
    if (turn.toolName === 'note_spell_request') counts.spellRequests += 1;
    if (turn.toolName === 'note_readback') {
      counts.readBacks += 1;
      if (argumentsOf(turn).i_affirmed === false) counts.corrected += 1;
    }
  }
  return counts;
}

/** Group of a call by the entity type in its task id (`unknown` for non-canonical ids). */
export function byEntityType(call: IntakeCall): string {
  return parseIntakeTask(call.task)?.entityType ?? 'unknown';
}

/** Group of a call by the difficulty in its task id (`unknown` for non-canonical ids). */
export function byDifficulty(call: IntakeCall): string {
  return parseIntakeTask(call.task)?.difficulty ?? 'unknown';
}

/** A grouping function by one condition key (default `environment`; `unknown` when the key is absent). */
export function byCondition(key = 'environment'): (call: IntakeCall) => string {
  return (call) => call.condition[key] ?? 'unknown';
}

/** Spelling requests + read-backs per call, per system and per group (entity type, difficulty, environment, …). */
export function verificationEffort(
  calls: readonly IntakeCall[],
  groupOf: (call: IntakeCall) => string,
): VerificationEffortRow[] {
  const groups = groupBy(calls, (call) => `${call.system}\u0000${groupOf(call)}`);
  return [...groups.values()].map((group) => {
    const row: VerificationEffortRow = {
      system: group[0].system,
      group: groupOf(group[0]),
      calls: group.length,
      spellRequests: 0,
      readBacks: 0,
      corrected: 0,
      meanPerCall: 0,
    };
    for (const call of group) {
      const counts = countVerificationEvents(call.turns);
      row.spellRequests += counts.spellRequests;
      row.readBacks += counts.readBacks;
      row.corrected += counts.corrected;
    }
    row.meanPerCall = (row.spellRequests + row.readBacks) / row.calls;
    return row;
  });
}

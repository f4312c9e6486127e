import { describe, expect, it } from 'vitest';
import type { IntakeCall, IntakeTurn } from './intake-call';
import { byCondition, byDifficulty, byEntityType, countVerificationEvents, verificationEffort } from './verification-effort';

const user = (toolName: string, args: unknown): IntakeTurn => ({ source: 'user_tool_event', toolName, toolArguments: args });
const spell = user('note_spell_request', { field: 'f' });
const affirmed = user('note_readback', { field: 'f', i_affirmed: true });
const corrected = user('note_readback', { field: 'f', i_affirmed: false });
const call = (task: string, environment: string, turns: IntakeTurn[], system = 'S'): IntakeCall => ({ task, system, condition: { environment }, evaluationFields: {}, turns });

describe('countVerificationEvents', () => {
  it('counts caller notes only', () => {
    const agentSide: IntakeTurn = { source: 'agent_tool_event', toolName: 'note_readback', toolArguments: { field: 'f' } };
    expect(countVerificationEvents([spell, affirmed, corrected, agentSide, spell])).toEqual({ spellRequests: 2, readBacks: 2, corrected: 1 });
  });
});

describe('verificationEffort', () => {
  // dates_easy (regular): 1 spell + 1 read-back = 2.   dates_hard (noisy): 2 read-backs (1 corrected) = 2.
  // codes_hard (regular): nothing = 0.                  'odd' task id (noisy): 1 spell = 1.
  const calls = [
    call('intake_dates_easy_01', 'regular', [spell, affirmed]),
    call('intake_dates_hard_01', 'noisy', [affirmed, corrected]),
    call('intake_codes_hard_01', 'regular', []),
    call('odd', 'noisy', [spell]),
  ];

  it('groups by entity type', () => {
    // dates: 2 calls, 1 spell, 3 read-backs → (1+3)/2 = 2.  codes: 0.  unknown: 1.
    expect(verificationEffort(calls, byEntityType)).toEqual([
      { system: 'S', group: 'dates', calls: 2, spellRequests: 1, readBacks: 3, corrected: 1, meanPerCall: 2 },
      { system: 'S', group: 'codes', calls: 1, spellRequests: 0, readBacks: 0, corrected: 0, meanPerCall: 0 },
      { system: 'S', group: 'unknown', calls: 1, spellRequests: 1, readBacks: 0, corrected: 0, meanPerCall: 1 },
    ]);
  });
  it('groups by difficulty and by environment', () => {
    // easy: 2/1 = 2; hard: (2 + 0)/2 = 1.
    expect(verificationEffort(calls, byDifficulty).map((r) => [r.group, r.meanPerCall])).toEqual([['easy', 2], ['hard', 1], ['unknown', 1]]);
    // regular: (2 + 0)/2 = 1; noisy: (2 + 1)/2 = 1.5.
    expect(verificationEffort(calls, byCondition()).map((r) => [r.group, r.meanPerCall])).toEqual([['regular', 1], ['noisy', 1.5]]);
  });
  it('keeps systems apart', () => {
    const rows = verificationEffort([call('intake_dates_easy_01', 'r', [spell]), call('intake_dates_easy_02', 'r', [], 'T')], byEntityType);
    expect(rows.map((r) => [r.system, r.meanPerCall])).toEqual([['S', 1], ['T', 0]]);
  });
});

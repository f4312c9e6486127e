import { describe, expect, it } from 'vitest';
import { captureMatches, extractFieldCaptures, foldValue } from './field-captures';
import type { IntakeCall, IntakeTurn } from './intake-call';

const agentTool = (toolName: string, toolArguments: unknown): IntakeTurn => ({ source: 'agent_tool_event', toolName, toolArguments });
const userTool = (toolName: string, toolArguments: unknown): IntakeTurn => ({ source: 'user_tool_event', toolName, toolArguments });

describe('foldValue / captureMatches', () => {
  it('ignores case and punctuation runs but keeps @ and .', () => {
    expect(foldValue('  Michael   Santiago ')).toBe('michael santiago');
    expect(captureMatches('michael santiago', 'Michael Santiago')).toBe(true);
    expect(foldValue('J.Doe@Mail.io')).toBe('j.doe@mail.io');
    expect(foldValue('10:50 AM')).toBe('10 50 am');
    // A removed hyphen is a difference: "mbr 538988 27" ≠ "mbr53898827".
    expect(captureMatches('MBR53898827', 'MBR-538988-27')).toBe(false);
    expect(captureMatches(null, 'x')).toBe(false);
  });
});

describe('extractFieldCaptures', () => {
  const call: IntakeCall = {
    task: 'intake_dates_easy_03',
    system: 'S',
    condition: { environment: 'regular' },
    evaluationFields: { date_of_birth: '1955-03-28', second_name: 'Ann Lee' },
    turns: [
      { source: 'delivery_expected_text', toolName: null, toolArguments: null },
      agentTool('log_capture', { field_name: 'date_of_birth', value: '550328' }),
      userTool('note_spell_request', { field: 'date_of_birth' }),
      agentTool('log_capture', { field_name: 'date_of_birth', value: '1955-03-28' }),
      userTool('note_readback', { field: 'second_name', i_affirmed: true }),
      agentTool('submit_fields', { fields: { date_of_birth: '1955 03 27' }, record_id: 'R' }),
      agentTool('submit_fields', { fields: { date_of_birth: '1955-03-28' }, record_id: 'R' }),
      // events from the other side with the same tool names do not count
      userTool('log_capture', { field_name: 'second_name', value: 'Ann Lee' }),
      agentTool('note_spell_request', { field: 'second_name' }),
    ],
  };

  it('takes the first log_capture, the last submitted value and the caller notes per gold field', () => {
    expect(extractFieldCaptures(call)).toEqual([
      { task: 'intake_dates_easy_03', system: 'S', condition: { environment: 'regular' }, field: 'date_of_birth', gold: '1955-03-28', firstCapture: '550328', finalValue: '1955-03-28', spelled: true, readBack: false },
      { task: 'intake_dates_easy_03', system: 'S', condition: { environment: 'regular' }, field: 'second_name', gold: 'Ann Lee', firstCapture: null, finalValue: null, spelled: false, readBack: true },
    ]);
  });

  it('yields nothing for a call without gold fields', () => {
    expect(extractFieldCaptures({ ...call, evaluationFields: {} })).toEqual([]);
  });
});

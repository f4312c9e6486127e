import { describe, expect, it } from 'vitest';
import type { FieldCapture } from './field-captures';
import { recoveryByStep, repairStepOf } from './recovery-by-step';

const capture = (first: string | null, final: string | null, readBack: boolean, spelled: boolean): FieldCapture => ({
  task: 't',
  system: 's',
  condition: {},
  field: 'name',
  gold: 'Ann Lee',
  firstCapture: first,
  finalValue: final,
  spelled,
  readBack,
});

describe('recoveryByStep', () => {
  it('counts initially wrong captures by their steps and how many end correct', () => {
    const captures = [
      capture('Anne Lee', 'ann lee', false, false), // neither, recovered
      capture('Anne Lee', 'Anne Lee', false, false), // neither, not recovered
      capture('Ann Leigh', 'Ann Lee', true, false), // read-back only, recovered
      capture('Ann Leigh', null, false, true), // spelling only, never submitted
      capture('An Lee', 'Ann Lee', true, true), // both, recovered
      capture('Ann Lee', 'Ann Lee', true, true), // first right: not an initially wrong capture
      capture(null, 'Ann Lee', true, false), // never logged: left out
    ];
    expect(recoveryByStep(captures).map((r) => [r.step, r.recovered.numerator, r.recovered.denominator])).toEqual([
      ['neither', 1, 2],
      ['read_back_only', 1, 1],
      ['spelling_only', 0, 1],
      ['both', 1, 1],
    ]);
    expect(repairStepOf(capture(null, null, false, true))).toBe('spelling_only');
  });
});

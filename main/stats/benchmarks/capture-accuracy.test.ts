import { describe, expect, it } from 'vitest';
import { captureAccuracy } from './capture-accuracy';
import type { FieldCapture } from './field-captures';
import { verificationRepair } from './verification-repair';

const capture = (firstCapture: string | null, finalValue: string | null, spelled = false, readBack = false): FieldCapture => ({
  task: 't', system: 'S', condition: {}, field: 'f', gold: 'Ann', firstCapture, finalValue, spelled, readBack,
});

// 1: right → right            2: wrong → right (repaired, verified by spelling)
// 3: wrong → wrong (verified)  4: missing → missing   5: right → wrong (regressed, read back)
// 6: wrong → right (repaired, unverified)
const captures = [capture('ann', 'Ann'), capture('An', 'ANN', true), capture('Anne', 'Anne', false, true), capture(null, null), capture('Ann', 'Anna', false, true), capture('Am', 'Ann')];

describe('captureAccuracy', () => {
  it('compares first capture and final value with gold', () => {
    // first correct: 1, 5 → 2/6; final correct: 1, 2, 6 → 3/6; repaired: 2, 6; regressed: 5; missing first: 4.
    expect(captureAccuracy(captures)).toEqual({
      fields: 6,
      firstMissing: 1,
      first: { numerator: 2, denominator: 6, value: 2 / 6 },
      final: { numerator: 3, denominator: 6, value: 3 / 6 },
      repaired: 2,
      regressed: 1,
    });
  });
});

describe('verificationRepair', () => {
  it('relates verification to first-capture errors and repairs', () => {
    // first wrong (logged): 2, 3, 6 → verified 2, 3 → 2/3.  first right: 1, 5 → verified 5 → 1/2.
    // verified wrong 2, 3 → final right 2 → 1/2.  unverified wrong 6 → final right → 1/1.
    const r = verificationRepair(captures);
    expect(r.verifiedGivenFirstWrong).toEqual({ numerator: 2, denominator: 3, value: 2 / 3 });
    expect(r.verifiedGivenFirstRight).toEqual({ numerator: 1, denominator: 2, value: 0.5 });
    expect(r.repairedGivenVerified).toEqual({ numerator: 1, denominator: 2, value: 0.5 });
    expect(r.repairedGivenUnverified).toEqual({ numerator: 1, denominator: 1, value: 1 });
  });
});

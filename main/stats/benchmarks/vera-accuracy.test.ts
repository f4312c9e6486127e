import { describe, expect, it } from 'vitest';
import { veraAccuracy } from './vera-accuracy';
import type { VeraGrade, VeraGradeLabel } from './vera-grade';

let counter = 0;
const g = (system: string, track: string, grade: VeraGradeLabel | null): VeraGrade => ({ item: `q${(counter += 1)}`, track, system, grade });

describe('veraAccuracy', () => {
  // S / math: CORRECT, INCORRECT, NOT_ATTEMPTED, ungraded.   S / web: CORRECT, CORRECT.
  const grades = [g('S', 'math', 'CORRECT'), g('S', 'math', 'INCORRECT'), g('S', 'math', 'NOT_ATTEMPTED'), g('S', 'math', null), g('S', 'web', 'CORRECT'), g('S', 'web', 'CORRECT'), g('T', 'web', 'INCORRECT')];

  it('counts NOT_ATTEMPTED as incorrect by default', () => {
    // math 1/3, web 2/2 → macro (1/3 + 1)/2 = 2/3; micro 3/5.
    const [s, t] = veraAccuracy(grades);
    expect(s.tracks[0]).toEqual({ track: 'math', correct: 1, incorrect: 1, notAttempted: 1, ungraded: 1, accuracy: { numerator: 1, denominator: 3, value: 1 / 3 } });
    expect(s.macro).toBeCloseTo(2 / 3, 14);
    expect(s.micro).toEqual({ numerator: 3, denominator: 5, value: 0.6 });
    expect(t.system).toBe('T');
    expect(t.macro).toBe(0);
  });

  it('can exclude NOT_ATTEMPTED from the denominator', () => {
    // math 1/2, web 1 → macro 0.75; micro 3/4.
    const [s] = veraAccuracy(grades, 'exclude');
    expect(s.tracks[0].accuracy.value).toBe(0.5);
    expect(s.macro).toBe(0.75);
    expect(s.micro.value).toBe(0.75);
  });

  it('macro ignores tracks with nothing scored', () => {
    const [s] = veraAccuracy([g('S', 'a', 'CORRECT'), g('S', 'b', null)]);
    expect(s.tracks[1].accuracy.value).toBeNull();
    expect(s.macro).toBe(1);
  });
});

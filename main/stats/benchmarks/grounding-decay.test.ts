import { describe, expect, it } from 'vitest';
import { probe } from './make-probe';
import { groundingDecay } from './grounding-decay';

describe('groundingDecay', () => {
  // answerable: turns 1, 2, 3 right, 4 wrong → early 3/4; turn 14 right, 15 and 16 wrong, 17 refused → late 1/4.
  // turn 9 is in neither window; the unanswerable probe at turn 1 is ignored.
  // decay = 0.75 − 0.25 = 0.5; relative = 0.5 / 0.75 = 2/3.
  const probes = [
    probe({ turn: 1 }), probe({ turn: 2 }), probe({ turn: 3 }), probe({ turn: 4, correct: false }),
    probe({ turn: 9, correct: false }),
    probe({ turn: 14 }), probe({ turn: 15, correct: false }), probe({ turn: 16, correct: false }), probe({ turn: 17, refused: true, correct: false }),
    probe({ turn: 1, answerable: false, correct: false }),
  ];

  it('compares early and late windows on answerable probes', () => {
    const [row] = groundingDecay(probes);
    expect(row.early).toEqual({ numerator: 3, denominator: 4, value: 0.75 });
    expect(row.late).toEqual({ numerator: 1, denominator: 4, value: 0.25 });
    expect(row.decay).toBe(0.5);
    expect(row.relativeDecay).toBeCloseTo(2 / 3, 14);
  });

  it('honours custom windows and returns null for an empty one', () => {
    // early 1–2 → 2/2, late 9–9 → 0/1 → decay 1.
    expect(groundingDecay(probes, { early: [1, 2], late: [9, 9] })[0].decay).toBe(1);
    const [empty] = groundingDecay(probes, { late: [30, 40] });
    expect([empty.late.value, empty.decay, empty.relativeDecay]).toEqual([null, null, null]);
  });
});

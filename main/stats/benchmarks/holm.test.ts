import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm';

describe('holmAdjust', () => {
  it('adjusts a known list (same as R p.adjust(c(.01,.04,.03,.005), "holm"))', () => {
    // sorted .005, .01, .03, .04 with m = 4: 4·.005 = .02, 3·.01 = .03, 2·.03 = .06, 1·.04 = .04 → max(.06, .04) = .06
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 14));
  });
  it('enforces monotonicity and caps at 1', () => {
    // .01·3 = .03, .02·2 = .04, .03·1 = .03 → raised to .04
    const monotone = holmAdjust([0.01, 0.02, 0.03]);
    [0.03, 0.04, 0.04].forEach((want, i) => expect(monotone[i]).toBeCloseTo(want, 14));
    expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
  });
  it('rejects values outside [0, 1]', () => {
    expect(() => holmAdjust([0.2, 1.2])).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { chiSquare1UpperTail, erfc } from './chi-square';

const relative = (got: number, want: number): number => Math.abs(got - want) / want;

describe('erfc', () => {
  it('matches tabulated values to 1.2e-7 relative', () => {
    // erfc(0) = 1, erfc(1) = 0.157299207050285, erfc(−1) = 1.842700792949715, erfc(3) = 2.209049699858544e-5
    expect(relative(erfc(0), 1)).toBeLessThan(1.2e-7);
    expect(relative(erfc(1), 0.157299207050285)).toBeLessThan(1.2e-7);
    expect(relative(erfc(-1), 1.842700792949715)).toBeLessThan(1.2e-7);
    expect(relative(erfc(3), 2.209049699858544e-5)).toBeLessThan(1.2e-7);
  });
});

describe('chiSquare1UpperTail', () => {
  it('matches scipy.stats.chi2.sf(x, 1)', () => {
    expect(relative(chiSquare1UpperTail(3.841458820694124), 0.05)).toBeLessThan(2e-7);
    expect(relative(chiSquare1UpperTail(10), 0.001565402258002549)).toBeLessThan(2e-7);
    expect(relative(chiSquare1UpperTail(0.5), 0.47950012218695337)).toBeLessThan(2e-7);
    expect(chiSquare1UpperTail(0)).toBe(1);
  });
  it('rejects negative statistics', () => {
    expect(() => chiSquare1UpperTail(-1)).toThrow(RangeError);
  });
});

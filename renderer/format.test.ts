import { describe, expect, it } from 'vitest';
import { fixedDecimals, formatScore } from './format';

describe('number formats', () => {
  it('never shows a negative zero', () => {
    expect([fixedDecimals(-0.0004, 3), fixedDecimals(-0, 3), fixedDecimals(-1e-17, 2)]).toEqual([
      '0.000',
      '0.000',
      '0.00',
    ]);
    expect([fixedDecimals(-0.0006, 3), fixedDecimals(0.25, 1)]).toEqual(['-0.001', '0.3']);
    expect([formatScore(-0.0001), formatScore(null)]).toEqual(['0', '–']);
  });
});

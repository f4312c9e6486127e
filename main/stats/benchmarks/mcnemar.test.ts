import { describe, expect, it } from 'vitest';
import { mcnemar } from './mcnemar';

describe('mcnemar', () => {
  it('b = 10, c = 2: exact p = 0.0386, Yates χ² = 49/12, p = 0.0433', () => {
    // exact: 2·P(X ≤ 2 | n = 12, ½) = 158/4096 = 0.03857.  χ² = (|10 − 2| − 1)² / 12 = 49/12 = 4.0833;
    // scipy.stats.chi2.sf(49/12, 1) = 0.04330814281079206.
    const r = mcnemar(10, 2);
    expect(r.exactP).toBeCloseTo(0.0386, 4);
    expect(r.exactP).toBeCloseTo(158 / 4096, 14);
    expect(r.chiSquare).toBeCloseTo(49 / 12, 14);
    expect(r.chiSquareP).toBeCloseTo(0.04330814281079206, 7);
  });
  it('is symmetric in b and c and gives p = 1 without discordance', () => {
    expect(mcnemar(2, 10).exactP).toBeCloseTo(mcnemar(10, 2).exactP, 15);
    expect(mcnemar(0, 0)).toEqual({ b: 0, c: 0, exactP: 1, chiSquare: 0, chiSquareP: 1 });
    // b = c = 3: correction floors at 0 → χ² = 0; exact 2·42/64 > 1 → 1.
    expect(mcnemar(3, 3).chiSquare).toBe(0);
    expect(mcnemar(3, 3).exactP).toBe(1);
  });
});

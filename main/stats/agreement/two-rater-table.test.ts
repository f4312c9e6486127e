import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { fleissKappa } from './fleiss-kappa';
import { fromColumns, fromContingency, IRRCAC_CONT3X3_ABSTRACTORS, IRRCAC_CONT4X4_DIAGNOSIS } from './reference-data';
import { scottPi, weightedCohenKappa } from './two-rater-table';
import type { WeightFamily } from './weights';

const cont3 = codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS));
const cont4 = codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS));

describe("Scott's π", () => {
  it('reproduces irrCAC scott2.table(cont3x3abstractors) = 0.7962397 (README), cont4x4diagnosis 0.430 (port)', () => {
    expect(scottPi(cont3)).toBeCloseTo(0.7962397, 7);
    expectRounded(scottPi(cont4), 0.43, 3);
  });

  it("equals Fleiss' κ for two raters without missing ratings", () => {
    expect(scottPi(cont4)).toBeCloseTo(fleissKappa(cont4), 14);
  });

  it('uses only the items both raters labelled', () => {
    const gaps = codeRatings(
      fromColumns([
        ['y', 'y', 'n', 'n', null],
        ['y', 'n', 'n', 'n', 'y'],
      ]),
    );
    const full = codeRatings(
      fromColumns([
        ['y', 'y', 'n', 'n'],
        ['y', 'n', 'n', 'n'],
      ]),
    );
    expect(scottPi(gaps)).toBeCloseTo(scottPi(full), 14);
  });
});

// irrCAC port, test/unit/irrCAC/table/test_cohen.py and test_scott.py (3 decimals).
const WEIGHTED: [WeightFamily, number, number, number, number][] = [
  // family, cont3x3: Cohen, Scott; cont4x4: Cohen, Scott
  ['quadratic', 0.892, 0.892, 0.383, 0.382],
  ['linear', 0.843, 0.843, 0.407, 0.406],
  ['ordinal', 0.872, 0.872, 0.39, 0.389],
  ['radical', 0.819, 0.819, 0.419, 0.418],
  ['ratio', 0.927, 0.927, 0.413, 0.412],
  ['circular', 0.796, 0.796, 0.446, 0.444],
  ['bipolar', 0.872, 0.872, 0.387, 0.386],
];

describe("weighted Cohen's κ and Scott's π with irrCAC's weights", () => {
  it.each(WEIGHTED)('%s weights', (family, cohen3, scott3, cohen4, scott4) => {
    expectRounded(weightedCohenKappa(cont3, family), cohen3, 3);
    expectRounded(scottPi(cont3, family), scott3, 3);
    expectRounded(weightedCohenKappa(cont4, family), cohen4, 3);
    expectRounded(scottPi(cont4, family), scott4, 3);
  });

  it("equals the rank-weighted κ for equally spaced categories, and Cohen's κ with identity weights", () => {
    expect(weightedCohenKappa(cont4, 'linear')).toBeCloseTo(cohenKappa(cont4, 'linear'), 14);
    expect(weightedCohenKappa(cont4, 'quadratic')).toBeCloseTo(cohenKappa(cont4, 'quadratic'), 14);
    expect(weightedCohenKappa(cont4, 'identity')).toBeCloseTo(cohenKappa(cont4), 14);
  });
});

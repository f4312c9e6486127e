import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { codeRatings } from './coding';
import { fleissKappa } from './fleiss-kappa';
import { gwetAc1 } from './gwet-ac1';
import { percentAgreement } from './percent-agreement';
import {
  fromColumns,
  fromContingency,
  fromDistribution,
  IRRCAC_BEN_GERRY,
  IRRCAC_CONT3X3_ABSTRACTORS,
  IRRCAC_CONT4X4_DIAGNOSIS,
  IRRCAC_DISTRIB_6RATERS,
  IRRCAC_PORT_RAW4_WEIGHTED,
  IRRCAC_RAW_4RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_G1G2,
  IRRCAC_RAW_GENDER,
  WIKIPEDIA_FLEISS,
} from './reference-data';
import { brennanPrediger, gwetAc2, weightedFleissKappa, weightedPercentAgreement } from './weighted-coefficients';
import type { WeightFamily } from './weights';

const raw4 = codeRatings(fromColumns(IRRCAC_RAW_4RATERS));
const cont3 = codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS));
const cont4 = codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS));

describe('Brennan–Prediger and Randolph', () => {
  it('reproduces irrCAC bp.coeff.raw(cac.raw4raters) = 0.77273 (README), bp2.table(cont3x3abstractors) = 0.835', () => {
    expect(brennanPrediger(raw4)).toBeCloseTo(0.77273, 5);
    expect(brennanPrediger(cont3)).toBeCloseTo(0.835, 12);
  });

  it('reproduces irrCAC bp.coeff.dist(distrib.6raters) = 0.4388889 (README)', () => {
    expect(brennanPrediger(codeRatings(fromDistribution(IRRCAC_DISTRIB_6RATERS)))).toBeCloseTo(0.4388889, 7);
  });

  it('reproduces the irrCAC port (test_bp.py): 5 observers 0.487, g1g2 0.679, gender 0.183, Ben & Gerry 0.659', () => {
    expect(brennanPrediger(codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)))).toBeCloseTo(0.487, 3);
    expect(brennanPrediger(codeRatings(fromColumns(IRRCAC_RAW_G1G2)))).toBeCloseTo(0.679, 3);
    expect(brennanPrediger(codeRatings(fromColumns(IRRCAC_RAW_GENDER)))).toBeCloseTo(0.183, 3);
    expect(brennanPrediger(codeRatings(fromColumns(IRRCAC_BEN_GERRY)))).toBeCloseTo(0.659, 3);
  });

  it("is Randolph's free-marginal κ (P_o − 1/q)/(1 − 1/q): Wikipedia's Fleiss example, P_o = 0.378, q = 5", () => {
    const coded = codeRatings(fromDistribution(WIKIPEDIA_FLEISS));
    const po = percentAgreement(coded);
    expectRounded(po, 0.378, 3);
    expect(brennanPrediger(coded)).toBeCloseTo((po - 0.2) / 0.8, 12);
  });
});

// irrCAC port, test/unit/irrCAC/raw/test_bp.py, test_gwet.py, test_fleiss.py (cac.raw4raters, 3 decimals).
describe('weighted raw-ratings coefficients on cac.raw4raters (irrCAC port tests)', () => {
  it.each(IRRCAC_PORT_RAW4_WEIGHTED)('%s weights: p_a %d, BP %d, AC2 %d, Fleiss %d', (family, pa, bp, ac2, fleiss) => {
    expectRounded(weightedPercentAgreement(raw4, family), pa, 3);
    expectRounded(brennanPrediger(raw4, family), bp, 3);
    expectRounded(gwetAc2(raw4, family), ac2, 3);
    expectRounded(weightedFleissKappa(raw4, family), fleiss, 3);
  });

  it('equals the unweighted coefficients with identity weights', () => {
    expect(gwetAc2(raw4, 'identity')).toBeCloseTo(gwetAc1(raw4), 14);
    expect(weightedFleissKappa(raw4, 'identity')).toBeCloseTo(fleissKappa(raw4), 14);
    expect(weightedPercentAgreement(raw4, 'identity')).toBeCloseTo(percentAgreement(raw4), 14);
  });
});

// irrCAC port, test/unit/irrCAC/table/test_gwet.py, test_brennan_prediger.py, test_pa.py (3 decimals).
const TABLE_WEIGHTED: [WeightFamily, number, number, number, number, number, number][] = [
  // family, cont3x3: AC2, BP, p_a; cont4x4: AC2, BP, p_a
  ['quadratic', 0.94, 0.918, 0.972, 0.299, 0.236, 0.788],
  ['linear', 0.9, 0.876, 0.945, 0.377, 0.347, 0.728],
  ['ordinal', 0.925, 0.901, 0.963, 0.324, 0.273, 0.773],
  ['radical', 0.875, 0.855, 0.922, 0.418, 0.401, 0.673],
  ['ratio', 0.963, 0.951, 0.982, 0.359, 0.31, 0.786],
  ['circular', 0.849, 0.835, 0.89, 0.488, 0.471, 0.735],
  ['bipolar', 0.925, 0.901, 0.963, 0.315, 0.264, 0.769],
];

describe('weighted two-rater tables (irrCAC port tests): the raw formulas on complete pairs', () => {
  it.each(TABLE_WEIGHTED)('%s weights', (family, ac2a, bpa, paa, ac2b, bpb, pab) => {
    expectRounded(gwetAc2(cont3, family), ac2a, 3);
    expectRounded(brennanPrediger(cont3, family), bpa, 3);
    expectRounded(weightedPercentAgreement(cont3, family), paa, 3);
    expectRounded(gwetAc2(cont4, family), ac2b, 3);
    expectRounded(brennanPrediger(cont4, family), bpb, 3);
    expectRounded(weightedPercentAgreement(cont4, family), pab, 3);
  });
});

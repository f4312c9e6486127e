import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { gwetAc1 } from './gwet-ac1';
import {
  fromColumns,
  fromContingency,
  fromDistribution,
  IRRCAC_BEN_GERRY,
  IRRCAC_CONT3X3_ABSTRACTORS,
  IRRCAC_DISTRIB_6RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_G1G2,
  IRRCAC_RAW_GENDER,
  KRIPPENDORFF_2011_C,
} from './reference-data';

describe("Gwet's AC1", () => {
  it('reproduces irrCAC gwet.ac1.table(cont3x3abstractors) = 0.8493305 (two raters)', () => {
    expect(gwetAc1(codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS)))).toBeCloseTo(0.8493305, 7);
  });

  it('reproduces irrCAC gwet.ac1.dist(distrib.6raters) = 0.4448007 (six raters)', () => {
    expect(gwetAc1(codeRatings(fromDistribution(IRRCAC_DISTRIB_6RATERS)))).toBeCloseTo(0.4448007, 7);
  });

  it('reproduces irrCAC gwet.ac1.raw(cac.raw4raters) = 0.77544 with missing ratings', () => {
    expect(gwetAc1(codeRatings(fromColumns(KRIPPENDORFF_2011_C)))).toBeCloseTo(0.77544, 5);
  });

  it('reproduces irrCAC raw-data values: 5 observers 0.497, gender 0.208, g1g2 0.685, Ben & Gerry 0.661', () => {
    expect(gwetAc1(codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)))).toBeCloseTo(0.497, 3);
    expect(gwetAc1(codeRatings(fromColumns(IRRCAC_RAW_GENDER)))).toBeCloseTo(0.208, 3);
    expect(gwetAc1(codeRatings(fromColumns(IRRCAC_RAW_G1G2)))).toBeCloseTo(0.685, 3);
    expect(gwetAc1(codeRatings(fromColumns(IRRCAC_BEN_GERRY)))).toBeCloseTo(0.661, 3);
  });

  it('matches the two-rater hand formula on a skewed 2 × 2 table where κ is low', () => {
    // 100 items: yes/yes 90, yes/no 5, no/yes 5, no/no 0. p_a = 0.9; π_yes = 0.95; p_e = 2 · 0.95 · 0.05 / 1 = 0.095;
    // AC1 = (0.9 − 0.095) / 0.905 = 0.889503; Cohen's κ on the same table is −0.0526.
    expect(gwetAc1(codeRatings(fromContingency([[90, 5], [5, 0]])))).toBeCloseTo(0.805 / 0.905, 12);
  });

  it('counts every listed category in q, used or not', () => {
    const table = fromContingency([[90, 5], [5, 0]], ['yes', 'no']);
    // With a third, unused category: p_e = (0.95·0.05 + 0.05·0.95 + 0) / 2 = 0.0475.
    expect(gwetAc1(codeRatings(table, ['yes', 'no', 'maybe']))).toBeCloseTo((0.9 - 0.0475) / (1 - 0.0475), 12);
  });
});

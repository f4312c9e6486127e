import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { fleissKappa } from './fleiss-kappa';
import {
  fromColumns,
  fromDistribution,
  IRRCAC_BEN_GERRY,
  IRRCAC_DISTRIB_6RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_GENDER,
  KRIPPENDORFF_2011_C,
  WIKIPEDIA_FLEISS,
} from './reference-data';

describe("Fleiss' kappa", () => {
  it('reproduces the Wikipedia worked example (10 subjects, 14 raters): κ ≈ 0.210', () => {
    expect(fleissKappa(codeRatings(fromDistribution(WIKIPEDIA_FLEISS)))).toBeCloseTo(0.21, 3);
  });

  it('reproduces irrCAC fleiss.kappa.dist(distrib.6raters) = 0.4139265', () => {
    expect(fleissKappa(codeRatings(fromDistribution(IRRCAC_DISTRIB_6RATERS)))).toBeCloseTo(0.4139265, 7);
  });

  it('reproduces irrCAC fleiss.kappa.raw(cac.raw4raters) = 0.76117 with missing ratings (Gwet 2014 convention)', () => {
    expect(fleissKappa(codeRatings(fromColumns(KRIPPENDORFF_2011_C)))).toBeCloseTo(0.76117, 5);
  });

  it('reproduces irrCAC raw-data values: 5 observers 0.458, gender 0.129, Ben & Gerry 0.649', () => {
    expect(fleissKappa(codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)))).toBeCloseTo(0.458, 3);
    expect(fleissKappa(codeRatings(fromColumns(IRRCAC_RAW_GENDER)))).toBeCloseTo(0.129, 3);
    expect(fleissKappa(codeRatings(fromColumns(IRRCAC_BEN_GERRY)))).toBeCloseTo(0.649, 3);
  });

  it('does not depend on which rater gave which rating within a unit', () => {
    const a = fromColumns([['x', 'y', 'x'], ['y', 'y', 'x'], ['x', 'x', 'y']]);
    const b = fromColumns([['y', 'x', 'y'], ['x', 'y', 'x'], ['x', 'y', 'x']]);
    expect(fleissKappa(codeRatings(a))).toBeCloseTo(fleissKappa(codeRatings(b)), 12);
  });
});

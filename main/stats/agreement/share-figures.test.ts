import { describe, expect, it } from 'vitest';
import { fleissCategoryKappas } from './category-kappa';
import { codeRatings } from './coding';
import { fleissKappa } from './fleiss-kappa';
import { gwetAc1 } from './gwet-ac1';
import { ratingPatterns } from './patterns';
import { percentAgreement } from './percent-agreement';
import { fromColumns, IRRCAC_RAW_5OBSERVERS, IRRCAC_RAW_G1G2 } from './reference-data';
import { shareFigureNames, shareFigures } from './share-figures';
import { brennanPrediger, gwetAc2, weightedFleissKappa, weightedPercentAgreement } from './weighted-coefficients';
import { agreementWeights } from './weights';

describe('share figures (one pass for the coefficients of p_a and π)', () => {
  it.each([
    ['5 observers', IRRCAC_RAW_5OBSERVERS],
    ['g1g2', IRRCAC_RAW_G1G2],
  ])('equals each coefficient computed alone on %s', (_, data) => {
    const coded = codeRatings(fromColumns(data));
    const patterns = ratingPatterns(coded);
    const names = shareFigureNames(coded.categories, true);
    const out = new Float64Array(names.length);
    shareFigures(patterns, agreementWeights('quadratic', coded.categories))(patterns.counts, out);
    expect(names.slice(0, 4)).toEqual(['percentAgreement', 'fleissKappa', 'gwetAc1', 'brennanPrediger']);
    expect(out[0]).toBe(percentAgreement(coded));
    expect(out[1]).toBe(fleissKappa(coded));
    expect(out[2]).toBe(gwetAc1(coded));
    expect(out[3]).toBeCloseTo(brennanPrediger(coded), 14);
    const q = coded.categories.length;
    fleissCategoryKappas(coded).forEach((k, j) => expect(out[4 + j]).toBeCloseTo(k, 12));
    expect(names.slice(4 + q)).toEqual([
      'weighted.percentAgreement',
      'weighted.brennanPrediger',
      'weighted.fleissKappa',
      'weighted.gwetAc2',
    ]);
    const weighted = [weightedPercentAgreement, brennanPrediger, weightedFleissKappa, gwetAc2];
    weighted.forEach((f, i) => expect(out[4 + q + i]).toBeCloseTo(f(coded, 'quadratic'), 12));
  });
});

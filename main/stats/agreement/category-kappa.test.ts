import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { fleissCategoryKappas } from './category-kappa';
import { codeRatings } from './coding';
import { fleissKappa } from './fleiss-kappa';
import {
  columnsOfRows,
  FLEISS_1971_DIAGNOSES,
  fromColumns,
  fromDistribution,
  WIKIPEDIA_FLEISS,
} from './reference-data';

describe("Fleiss' per-category κ", () => {
  it('reproduces R irr kappam.fleiss(diagnoses, detail = TRUE): 0.245, 0.245, 0.520, 0.471, 0.566 (pyirr test)', () => {
    const coded = codeRatings(fromColumns(columnsOfRows(FLEISS_1971_DIAGNOSES)));
    const kappas = fleissCategoryKappas(coded);
    [0.245, 0.245, 0.52, 0.471, 0.566].forEach((k, j) => expectRounded(kappas[j], k, 3));
  });

  it("averages to Fleiss' κ with weights p_j(1 − p_j) when all units have as many raters (Fleiss 1971)", () => {
    const coded = codeRatings(fromDistribution(WIKIPEDIA_FLEISS));
    const kappas = fleissCategoryKappas(coded);
    const totals = WIKIPEDIA_FLEISS[0].map((_, k) => WIKIPEDIA_FLEISS.reduce((s, row) => s + row[k], 0) / 140);
    const weight = totals.map((p) => p * (1 - p));
    const mean = kappas.reduce((s, k, j) => s + k * weight[j], 0) / weight.reduce((s, w) => s + w, 0);
    expect(mean).toBeCloseTo(fleissKappa(coded), 12);
  });

  it('is 1 for a category every rater uses on the same units, NaN for a category nobody uses', () => {
    const coded = codeRatings(
      fromColumns([
        ['a', 'a', 'b', 'c'],
        ['a', 'a', 'c', 'b'],
      ]),
      ['a', 'b', 'c', 'd'],
    );
    const [a, , , d] = fleissCategoryKappas(coded);
    expect(a).toBeCloseTo(1, 14);
    expect(d).toBeNaN();
  });
});

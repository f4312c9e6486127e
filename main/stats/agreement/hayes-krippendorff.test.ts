/**
 * The Hayes–Krippendorff pair bootstrap on Hayes & Krippendorff (2007, Table 1): 40 units, 5 observers, ordinal
 * values 0–3 with missing values, α = 0.7598 (the paper; DKPro Agreement's HayesKrippendorff2007Test), 239 pairs of
 * judgments in the data (the paper), and the number of pairs KALPHA 3.0 draws, min(25·z, (R − 1)·n/2) = 318.
 */
import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { hayesKrippendorffBootstrap } from './hayes-krippendorff';
import { coincidenceMatrix, fillDistances, krippendorffAlpha } from './krippendorff-alpha';
import { fromColumns, columnsOfRows } from './reference-data';

const N = null;
const TABLE_1: (number | null)[][] = [
  [1, 1, 2, N, 2],
  [1, 1, 0, 1, N],
  [2, 3, 3, 3, N],
  [N, 0, 0, N, 0],
  [0, 0, 0, N, 0],
  [0, 0, 0, N, 0],
  [1, 0, 2, N, 1],
  [1, N, 2, 0, N],
  [2, 2, 2, N, 2],
  [2, 1, 1, 1, N],
  [N, 1, 0, 0, N],
  [0, 0, 0, 0, N],
  [1, 2, 2, 2, N],
  [3, 3, 2, 2, 3],
  [1, 1, 1, N, 1],
  [1, 1, 1, N, 1],
  [2, 1, 2, N, 2],
  [1, 2, 3, 3, N],
  [1, 1, 0, 1, N],
  [0, 0, 0, N, 0],
  [0, 0, 1, 1, N],
  [0, 0, N, 0, 0],
  [2, 3, 3, 3, N],
  [0, 0, 0, 0, N],
  [1, 2, N, 2, 2],
  [0, 1, 1, 1, N],
  [0, 0, 0, 1, 0],
  [1, 2, 1, 2, N],
  [1, 1, 2, 2, N],
  [1, 1, 2, N, 2],
  [1, 1, 0, N, 0],
  [2, 1, 2, 1, N],
  [2, 2, N, 2, 2],
  [3, 2, 2, 2, N],
  [2, 2, 2, N, 2],
  [2, 2, 3, N, 2],
  [2, 2, 2, N, 2],
  [2, 2, N, 1, 2],
  [2, 2, 2, 2, N],
  [1, 1, 1, N, 1],
];
const coded = codeRatings(fromColumns(columnsOfRows(TABLE_1)));

describe('hayesKrippendorffBootstrap on Hayes & Krippendorff (2007) Table 1', () => {
  const boot = hayesKrippendorffBootstrap(coded, 'ordinal', { resamples: 20000, seed: 1 });

  it('has the published ordinal α 0.7598, 239 pairs in the data and draws 318 per resample', () => {
    expect(krippendorffAlpha(coded, 'ordinal').toFixed(4)).toBe('0.7598');
    expect(boot.estimate!.toFixed(4)).toBe('0.7598');
    expect(boot.dataPairs).toBe(239);
    expect(boot.pairs).toBe(Math.min(25 * 16, (4 * 159) / 2));
  });

  it('centres the resampled α on the estimate with the closed-form spread of a mean of M pair distances', () => {
    // α* = 1 − mean(δ² of M i.i.d. pairs)/D_e, so Var α* = Var(δ²)/(M·D_e²) exactly; the interval ≈ ±1.96 SD.
    const q = coded.categories.length;
    const o = coincidenceMatrix(coded);
    const nc = new Float64Array(q).map((_, c) => o[c].reduce((s, x) => s + x, 0));
    const n = nc.reduce((s, x) => s + x, 0);
    const d = new Float64Array(q * q);
    fillDistances('ordinal', q, nc, null, d);
    let e1 = 0;
    let e2 = 0;
    let de = 0;
    for (let c = 0; c < q; c++) {
      for (let k = 0; k < q; k++) {
        e1 += (o[c][k] / n) * d[c * q + k];
        e2 += (o[c][k] / n) * d[c * q + k] ** 2;
        de += (nc[c] * nc[k] * d[c * q + k]) / (n * (n - 1));
      }
    }
    const sd = Math.sqrt((e2 - e1 * e1) / boot.pairs) / de;
    const mid = (boot.low! + boot.high!) / 2;
    expect(Math.abs(mid - boot.estimate!)).toBeLessThan(0.1 * sd);
    expect((boot.high! - boot.low!) / (2 * 1.96 * sd)).toBeGreaterThan(0.95);
    expect((boot.high! - boot.low!) / (2 * 1.96 * sd)).toBeLessThan(1.05);
  });

  it('reports the share of resamples below α_min = 0.8 and 0.667, and depends only on the seed', () => {
    const [p80, p667] = boot.belowMinimum;
    expect(p80.alphaMin).toBe(0.8);
    expect(p80.probability!).toBeGreaterThan(0.5); // α = 0.76 < 0.8: more often below than not
    expect(p667.probability!).toBeLessThan(p80.probability!);
    expect(hayesKrippendorffBootstrap(coded, 'ordinal', { resamples: 300, seed: 9 })).toEqual(
      hayesKrippendorffBootstrap(coded, 'ordinal', { resamples: 300, seed: 9 }),
    );
  });

  it("applies KALPHA's correction: with one diagonal cell every α* = 1 becomes 0", () => {
    // 3 units: (a, a), (a, a), (a, b): o_aa = 4, o_ab = o_ba = 1, n = 6; z = 3 cells, M = min(75, 6/2) = 3.
    // α* = 1 when all 3 pairs fall on a–a: probability (4/6)³ = 0.296; those become 0, so no α* is 1.
    const small = codeRatings(
      fromColumns([
        ['a', 'a', 'a'],
        ['a', 'a', 'b'],
      ]),
    );
    const b = hayesKrippendorffBootstrap(small, 'nominal', { resamples: 4000, seed: 3 });
    expect(b.pairs).toBe(3);
    expect(b.noVariationResamples / 4000).toBeGreaterThan(0.26);
    expect(b.noVariationResamples / 4000).toBeLessThan(0.33);
    expect(b.high!).toBeLessThan(1);
  });
});

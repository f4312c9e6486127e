import { describe, expect, it } from 'vitest';
import { flagFigures, judgeFlagFigures, type FlagItem } from './judge-figures';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { gwetAc1 } from './gwet-ac1';
import { mulberry32 } from './prng';

/** Items of a 2×2 table: tp judge+/human+, fp judge+/human−, fn judge−/human+, tn judge−/human−. */
const itemsOf = (tp: number, fp: number, fn: number, tn: number): FlagItem[] => [
  ...Array.from({ length: tp }, () => ({ judge: true, references: [true] })),
  ...Array.from({ length: fp }, () => ({ judge: true, references: [false] })),
  ...Array.from({ length: fn }, () => ({ judge: false, references: [true] })),
  ...Array.from({ length: tn }, () => ({ judge: false, references: [false] })),
];

describe('judge flag figures', () => {
  // Wikipedia, "Cohen's kappa", worked example: 50 proposals, Yes/Yes 20, Yes/No 5, No/Yes 10, No/No 15 → p_o 0.7,
  // p_e 0.5, κ 0.4; the "same agreement, different kappa" tables [[45,15],[25,15]] → κ 0.1304 and [[25,35],[5,35]] → κ 0.2593.
  it("reproduces the worked examples of Cohen's κ", () => {
    expect(flagFigures({ tp: 20, fp: 5, fn: 10, tn: 15 }).cohenKappa).toBeCloseTo(0.4, 12);
    expect(flagFigures({ tp: 45, fp: 15, fn: 25, tn: 15 }).cohenKappa).toBeCloseTo(0.1304, 4);
    expect(flagFigures({ tp: 25, fp: 35, fn: 5, tn: 35 }).cohenKappa).toBeCloseTo(0.2593, 4);
  });

  // PABAK = 2·p_o − 1 (Byrt, Bishop & Carlin 1993, J Clin Epidemiol 46:423): p_o = 0.7 → 0.4. Precision 20/25, recall 20/30.
  it('PABAK, precision, recall and F1 of the same table', () => {
    const f = flagFigures({ tp: 20, fp: 5, fn: 10, tn: 15 });
    expect(f.pabak).toBeCloseTo(0.4, 12);
    expect(f.precision).toBeCloseTo(0.8, 12);
    expect(f.recall).toBeCloseTo(2 / 3, 12);
    expect(f.f1).toBeCloseTo((2 * 0.8 * (2 / 3)) / (0.8 + 2 / 3), 12);
  });

  it("κ and AC1 equal the studio's general implementations (tested against published values) on random tables", () => {
    const next = mulberry32(7);
    const rand = () => next() / 2 ** 32;
    for (let t = 0; t < 20; t++) {
      const c = Array.from({ length: 4 }, () => 1 + Math.floor(rand() * 40));
      const items = itemsOf(c[0], c[1], c[2], c[3]);
      const coded = codeRatings(
        {
          items: items.map((_, i) => String(i)),
          raters: ['judge', 'human'],
          labels: items.map((it) => [it.judge ? '1' : '0', it.references[0] ? '1' : '0']),
        },
        ['0', '1'],
      );
      const f = flagFigures({ tp: c[0], fp: c[1], fn: c[2], tn: c[3] });
      expect(f.cohenKappa).toBeCloseTo(cohenKappa(coded), 12);
      expect(f.gwetAc1).toBeCloseTo(gwetAc1(coded), 12);
    }
  });

  it('gives intervals around the estimate, reproducible by seed, and null for a reference that labelled nothing', () => {
    const items = itemsOf(20, 5, 10, 15).map((it) => ({ ...it, references: [...it.references, null] }));
    const [a, none] = judgeFlagFigures(items, 2, { resamples: 2000, seed: 3 });
    expect(none).toBeNull();
    expect(a).toMatchObject({ n: 50, truePositives: 20, falsePositives: 5, falseNegatives: 10, trueNegatives: 15 });
    expect(a!.cohenKappa.estimate).toBeCloseTo(0.4, 12);
    expect(a!.cohenKappa.low!).toBeLessThan(0.4);
    expect(a!.cohenKappa.high!).toBeGreaterThan(0.4);
    expect(a!.cohenKappa.high! - a!.cohenKappa.low!).toBeGreaterThan(0.2);
    expect(judgeFlagFigures(items, 2, { resamples: 2000, seed: 3 })[0]).toEqual(a);
    expect(judgeFlagFigures(items, 2, { resamples: 2000, seed: 4 })[0]!.cohenKappa.low).not.toBe(a!.cohenKappa.low);
  });
});

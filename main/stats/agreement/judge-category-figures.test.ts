import { describe, expect, it } from 'vitest';
import { judgeCategoryFigures } from './judge-category-figures';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { gwetAc1 } from './gwet-ac1';
import { percentAgreement } from './percent-agreement';
import { mulberry32 } from './prng';

describe('judge category figures', () => {
  it("equal the studio's general percent agreement, Cohen's κ and Gwet's AC1 (tested against published values)", () => {
    const categories = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'];
    const next = mulberry32(11);
    const rand = () => next() / 2 ** 32;
    for (let t = 0; t < 10; t++) {
      const items = Array.from({ length: 40 + t * 7 }, () => ({
        judge: categories[Math.floor(rand() * 3)],
        references: [rand() < 0.7 ? categories[Math.floor(rand() * 3)] : null, categories[Math.floor(rand() * 3)]],
      }));
      const figures = judgeCategoryFigures(items, 2, categories, { resamples: 200 });
      for (const r of [0, 1]) {
        const rows = items.filter((it) => it.references[r] !== null);
        const coded = codeRatings(
          {
            items: rows.map((_, i) => String(i)),
            raters: ['j', 'h'],
            labels: rows.map((it) => [it.judge, it.references[r]]),
          },
          categories,
        );
        expect(figures[r]!.n).toBe(rows.length);
        expect(figures[r]!.percentAgreement.estimate).toBeCloseTo(percentAgreement(coded), 12);
        expect(figures[r]!.cohenKappa.estimate).toBeCloseTo(cohenKappa(coded), 12);
        expect(figures[r]!.gwetAc1.estimate).toBeCloseTo(gwetAc1(coded), 12);
      }
    }
  });

  it('refuses a label outside the categories, naming it', () => {
    expect(() => judgeCategoryFigures([{ judge: 'maybe', references: ['CORRECT'] }], 1, ['CORRECT'])).toThrow(
      /"maybe"/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { pabak } from './pabak';
import { fromColumns, fromContingency, WIKIPEDIA_COHEN } from './reference-data';

describe('PABAK with the prevalence and bias indices (Byrt, Bishop & Carlin 1993)', () => {
  it("satisfies Byrt et al.'s identity κ = (PABAK − PI² + BI²)/(1 − PI² + BI²) on the Wikipedia Cohen example", () => {
    // Rows: A; columns: B; categories 1 (yes), 2 (no) → positive is "2" (no): a = 15, b = 10, c = 5, d = 20.
    const coded = codeRatings(fromContingency(WIKIPEDIA_COHEN));
    const f = pabak(coded);
    expect(f).toMatchObject({ positive: '2', n: 50 });
    expect(f.pabak).toBeCloseTo(2 * 0.7 - 1, 14);
    expect(f.prevalenceIndex).toBeCloseTo((15 - 20) / 50, 14);
    expect(f.biasIndex).toBeCloseTo((10 - 5) / 50, 14);
    const pi2 = f.prevalenceIndex! ** 2;
    const bi2 = f.biasIndex! ** 2;
    expect((f.pabak! - pi2 + bi2) / (1 - pi2 + bi2)).toBeCloseTo(cohenKappa(coded), 14);
  });

  it('counts the second category as positive and uses only the items both labelled', () => {
    const coded = codeRatings(
      fromColumns([
        ['no', 'yes', 'yes', null],
        ['no', 'yes', 'no', 'yes'],
      ]),
    );
    const f = pabak(coded);
    expect(f).toMatchObject({ positive: 'yes', n: 3, prevalenceIndex: 0, biasIndex: 1 / 3 });
    expect(f.pabak).toBeCloseTo(1 / 3, 14);
  });

  it('needs exactly two categories', () => {
    expect(() =>
      pabak(
        codeRatings(
          fromColumns([
            ['a', 'b'],
            ['c', 'a'],
          ]),
        ),
      ),
    ).toThrow(/exactly two categories/);
  });
});

import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { confusionMatrix } from './confusion-matrix';
import { fromColumns, fromContingency, IRRCAC_CONT4X4_DIAGNOSIS } from './reference-data';

describe('confusion matrix', () => {
  it('gives back the contingency table the ratings were built from', () => {
    const m = confusionMatrix(codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS)));
    expect(m.counts).toEqual(IRRCAC_CONT4X4_DIAGNOSIS);
    expect(m.n).toBe(223);
    expect(m.rowRater).toBe('rater1');
    expect(m.columnRater).toBe('rater2');
  });

  it('counts only items both raters labelled, rows for the first rater named', () => {
    const table = fromColumns([
      ['x', 'y', null, 'y', 'x'],
      ['x', 'x', 'y', 'y', null],
    ]);
    const m = confusionMatrix(codeRatings(table), 1, 0);
    expect(m.categories).toEqual(['x', 'y']);
    expect(m.counts).toEqual([
      [1, 1],
      [0, 1],
    ]);
    expect(m.n).toBe(3);
    expect(m.rowRater).toBe('rater2');
  });
});

/** The redraw's category table: the very category the comparisons with the cumulative shares give, for every draw. */
import { describe, expect, it } from 'vitest';
import { categoryTable, redraw, type Assignment } from './realism-redraw';

// Three strata of four categories: shares with a boundary inside a bin, one on a bin's edge (0.25), an empty category.
const width = 4;
const cumulative = Float64Array.from([0.3, 0.55, 0.9, 1, 0.25, 0.25, 0.7000001, 1, 0.5, 0.75, 0.999, 1]);
const byComparison = (u: number, stratum: number) =>
  [0, 1, 2].reduce((c, k) => c + (u >= cumulative[stratum * width + k] ? 1 : 0), 0);

describe('categoryTable', () => {
  const table = categoryTable(width, true, cumulative, 3);

  it('gives the comparisons’ category on a bin whose draws all share one, and −1 where a share splits a bin', () => {
    for (let stratum = 0; stratum < 3; stratum += 1) {
      for (let bin = 0; bin < 1024; bin += 1) {
        const entry = table[stratum * 1024 + bin];
        const [first, last] = [(bin * 2 ** 22) / 2 ** 32, ((bin + 1) * 2 ** 22 - 1) / 2 ** 32];
        const same = byComparison(first, stratum) === byComparison(last, stratum);
        expect(entry).toBe(same ? byComparison(first, stratum) : -1);
      }
    }
    // 0.3 lies inside bin 307; 0.25 is bin 256's first draw, so that bin is whole.
    expect(table[307]).toBe(-1);
    expect(table[1024 + 256]).toBe(2);
  });

  it('a redraw tallies the category of each draw as the comparisons would, next to every share', () => {
    // One unit per stratum, drawn 2,000 times: the tallies equal those of comparing each draw's u.
    const assignment: Assignment = {
      width,
      rising: true,
      cumulative,
      stratumOf: Int32Array.from([0, 1, 2]),
      table,
      y: [Float64Array.from([1, 1, 1])],
      present: [Uint8Array.from([1, 1, 1])],
    };
    const count = [new Float64Array(3 * width)];
    const total = [new Float64Array(3 * width)];
    const expected = new Float64Array(3 * width);
    const seen = new Float64Array(3 * width);
    let state = 11;
    for (let d = 0; d < 2000; d += 1) {
      let s = state;
      for (let stratum = 0; stratum < 3; stratum += 1) {
        s = (s + 0x6d2b79f5) | 0;
        let z = Math.imul(s ^ (s >>> 15), s | 1);
        z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
        expected[stratum * width + byComparison(((z ^ (z >>> 14)) >>> 0) / 4294967296, stratum)] += 1;
      }
      state = redraw(state, assignment, count, total);
      count[0].forEach((v, j) => (seen[j] += v));
      expect(state).toBe(s);
    }
    expect(seen).toEqual(expected);
    expect(seen[1 * width + 1]).toBe(0); // the empty category of the second stratum
  });
});

/**
 * One redraw of the realism randomization test (realism-effects.ts): every unit, in order, gets a new assignment from
 * its stratum's probabilities, and each outcome's count and sum per stratum × assignment are tallied. The category of a
 * uniform number is looked up by its top bits in a table per stratum; only a number whose bin holds one of the
 * stratum's cumulative shares is compared with them, so every draw gets the very category the comparisons give.
 */
import { GOLDEN, mix32 } from '../agreement/prng';

/** Top bits of a 32-bit draw that index a stratum's table (1,024 bins). */
const BIN_BITS = 10;
const BINS = 1 << BIN_BITS;

/** What a redraw reads: each unit's stratum, the strata's cumulative shares and category table, the outcomes. */
export interface Assignment {
  width: number;
  rising: boolean;
  cumulative: Float64Array;
  stratumOf: Int32Array;
  /** Per stratum × bin: the category of every u in the bin, or −1 where a cumulative share falls inside it. */
  table: Int16Array;
  y: readonly Float64Array[];
  present: readonly Uint8Array[];
}

/**
 * The category of u ∈ [0, 1) in the stratum whose cumulative shares start at `base`: with rising shares the number of
 * shares u reaches; otherwise the first share u is below.
 */
function categoryOf(u: number, a: Pick<Assignment, 'width' | 'rising' | 'cumulative'>, base: number): number {
  const { width, rising, cumulative } = a;
  let category = 0;
  if (rising) for (let k = 0; k < width - 1; k += 1) category += u >= cumulative[base + k] ? 1 : 0;
  else while (category < width - 1 && u >= cumulative[base + category]) category += 1;
  return category;
}

/**
 * The category table of every stratum: bin b holds the u of [b / 1024, (b + 1) / 1024) (a draw r / 2³² with r's top
 * ten bits b), on which the category is constant unless a cumulative share lies strictly inside the bin.
 */
export function categoryTable(width: number, rising: boolean, cumulative: Float64Array, strata: number): Int16Array {
  const table = new Int16Array(strata * BINS);
  for (let s = 0; s < strata; s += 1) {
    const base = s * width;
    for (let b = 0; b < BINS; b += 1) {
      const [low, high] = [b / BINS, (b + 1) / BINS];
      let split = false;
      for (let k = 0; k < width - 1; k += 1) split ||= cumulative[base + k] > low && cumulative[base + k] < high;
      table[s * BINS + b] = split ? -1 : categoryOf(low, { width, rising, cumulative }, base);
    }
  }
  return table;
}

/**
 * One redraw: every unit, in order, gets the category of mulberry32's next number (generator state `state`); each
 * outcome's count and sum per stratum × category go to `count`, `total`. Returns the generator's state after it.
 */
export function redraw(state: number, a: Assignment, count: Float64Array[], total: Float64Array[]): number {
  for (let o = 0; o < count.length; o += 1) {
    count[o].fill(0);
    total[o].fill(0);
  }
  let s = state;
  for (let o = 0; o < count.length; o += 1) s = tally(state, a, o, count[o], total[o]);
  return s;
}

/** One outcome's tallies of a redraw from generator state `state` (every outcome sees the same draws). */
function tally(state: number, a: Assignment, o: number, count: Float64Array, total: Float64Array): number {
  const { width, stratumOf, table } = a;
  const [y, present] = [a.y[o], a.present[o]];
  let s = state;
  for (let i = 0; i < stratumOf.length; i += 1) {
    s = (s + GOLDEN) | 0;
    if (present[i] === 0) continue;
    const r = mix32(s);
    const stratum = stratumOf[i];
    let category = table[stratum * BINS + (r >>> (32 - BIN_BITS))];
    if (category < 0) category = categoryOf(r / 4294967296, a, stratum * width);
    const at = stratum * width + category;
    count[at] += 1;
    total[at] += y[i];
  }
  return s;
}

/**
 * Krippendorff's α for set-valued (multi-label) ratings with the MASI or Jaccard distance (Passonneau 2006; NLTK's
 * masi_distance and jaccard_distance): each distinct set is a value, and α = 1 − (n − 1) Σ o_ck δ_ck / Σ n_c n_k δ_ck
 * over the coincidences of the units with at least two ratings, as for the other levels; with its percentile bootstrap
 * over units, drawn as the report's (agreement-bootstrap.ts).
 */
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import { agreementIntervals } from './agreement-bootstrap';
import type { BootstrapOptions } from './bootstrap';
import { MISSING, type CodedRatings } from './coding';
import { ratingPatterns, type RatingPatterns } from './patterns';
import type { FigureEvaluator } from './share-figures';

/** Distances between label sets. */
export type SetDistance = 'masi' | 'jaccard';

/**
 * Jaccard: 1 − |A ∩ B| / |A ∪ B|. MASI: 1 − J·M with M = 1 for equal sets, 0.67 when one contains the other, 0.33
 * when they overlap otherwise, 0 when disjoint (NLTK's weights; Passonneau's 2/3 and 1/3 rounded). Two empty sets
 * are at distance 0.
 */
export function setDistance(kind: SetDistance, a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  const union = a.size + b.size - common;
  if (union === 0) return 0;
  const jaccard = common / union;
  if (kind === 'jaccard') return 1 - jaccard;
  const monotonicity =
    a.size === b.size && common === a.size ? 1 : common === Math.min(a.size, b.size) ? 0.67 : common > 0 ? 0.33 : 0;
  return 1 - jaccard * monotonicity;
}

/** Set-valued ratings: `units[u]` lists the label sets the raters gave unit u (null = not rated). */
export type SetRatings = readonly (readonly (readonly string[] | null)[])[];

/** The rating patterns of label sets, each distinct set one category (first-appearance order), and the sets. */
interface SetPatterns {
  patterns: RatingPatterns;
  sets: Set<string>[];
}

function setPatterns(units: SetRatings): SetPatterns {
  const index = new Map<string, number>();
  const sets: Set<string>[] = [];
  const nRaters = units.reduce((max, unit) => Math.max(max, unit.length), 0);
  const codes = new Int32Array(units.length * nRaters).fill(MISSING);
  units.forEach((unit, u) =>
    unit.forEach((labels, r) => {
      if (labels === null) return;
      const set = new Set(labels);
      const key = JSON.stringify([...set].sort());
      let code = index.get(key);
      if (code === undefined) {
        code = sets.length;
        index.set(key, code);
        sets.push(set);
      }
      codes[u * nRaters + r] = code;
    }),
  );
  const coded: CodedRatings = {
    items: units.map((_, u) => `u${u}`),
    raters: Array.from({ length: nRaters }, (_, r) => `r${r}`),
    categories: [...index.keys()],
    codes,
  };
  return { patterns: ratingPatterns(coded), sets };
}

/** The distances between every two of the sets, flat q × q. */
function setDistances(kind: SetDistance, sets: readonly Set<string>[]): Float64Array {
  const q = sets.length;
  const out = new Float64Array(q * q);
  for (let c = 0; c < q; c++) {
    for (let k = c + 1; k < q; k++) {
      const d = setDistance(kind, sets[c], sets[k]);
      out[c * q + k] = d;
      out[k * q + c] = d;
    }
  }
  return out;
}

/**
 * α under the MASI and the Jaccard distances from pattern (or profile) weights, into out[0] and out[1]. A unit with
 * m ≥ 2 sets, r_c of set c, adds r_c to the marginal n_c and Σ_{c≠k} r_c r_k δ_ck / (m − 1) to the observed
 * Σ o_ck δ_ck, both precomputed per pattern, so a resample costs O(patterns + sets²); the two expected disagreements
 * are summed side by side, each in its own order (as alone, to the bit), which lets the processor overlap the two
 * chains of additions. NaN when n < 2 or no expected disagreement.
 */
function setAlphaEvaluator(patterns: RatingPatterns, masi: Float64Array, jaccard: Float64Array): FigureEvaluator {
  const distances = [masi, jaccard];
  const { nRaters, nCategories: q, codes, counts } = patterns;
  const start = new Int32Array(counts.length + 1);
  const sets: number[] = [];
  const tallies: number[] = [];
  const observed = distances.map(() => new Float64Array(counts.length));
  const tally = new Float64Array(q);
  for (let p = 0; p < counts.length; p++) {
    const used: number[] = [];
    for (let r = 0; r < nRaters; r++) {
      const c = codes[p * nRaters + r];
      if (c === MISSING) continue;
      if (tally[c] === 0) used.push(c);
      tally[c]++;
    }
    const m = used.reduce((sum, c) => sum + tally[c], 0);
    if (m >= 2) {
      for (const c of used) {
        sets.push(c);
        tallies.push(tally[c]);
      }
      distances.forEach((delta, d) => {
        let sum = 0;
        for (const c of used) for (const k of used) sum += tally[c] * tally[k] * delta[c * q + k];
        observed[d][p] = sum / (m - 1);
      });
    }
    for (const c of used) tally[c] = 0;
    start[p + 1] = sets.length;
  }
  const marginals = new Float64Array(q);
  const totals = new Float64Array(distances.length);
  return (weights, out) => {
    marginals.fill(0);
    totals.fill(0);
    for (let p = 0; p < weights.length; p++) {
      const w = weights[p];
      if (w === 0) continue;
      for (let d = 0; d < distances.length; d++) totals[d] += w * observed[d][p];
      for (let e = start[p]; e < start[p + 1]; e++) marginals[sets[e]] += w * tallies[e];
    }
    let n = 0;
    for (let c = 0; c < q; c++) n += marginals[c];
    let expectedMasi = 0; // Σ_{c≠k} n_c n_k δ_ck, row by row over k > c
    let expectedJaccard = 0;
    for (let c = 0; c < q; c++) {
      const nc = marginals[c];
      if (nc === 0) continue;
      let rowMasi = 0;
      let rowJaccard = 0;
      for (let k = c + 1, at = c * q + k; k < q; k++, at++) {
        rowMasi += marginals[k] * masi[at];
        rowJaccard += marginals[k] * jaccard[at];
      }
      expectedMasi += 2 * nc * rowMasi;
      expectedJaccard += 2 * nc * rowJaccard;
    }
    out[0] = n < 2 || expectedMasi === 0 ? NaN : 1 - ((n - 1) * totals[0]) / expectedMasi;
    out[1] = n < 2 || expectedJaccard === 0 ? NaN : 1 - ((n - 1) * totals[1]) / expectedJaccard;
  };
}

/** α of set-valued ratings; NaN when fewer than two pairable values or no expected disagreement. */
export function setAlpha(units: SetRatings, kind: SetDistance): number {
  const { patterns, sets } = setPatterns(units);
  const out = new Float64Array(2);
  setAlphaEvaluator(patterns, setDistances('masi', sets), setDistances('jaccard', sets))(patterns.counts, out);
  return kind === 'masi' ? out[0] : out[1];
}

/**
 * The MASI and Jaccard α with their percentile bootstrap intervals over units, on the same resamples, drawn as the
 * report's exchangeable coefficients are: N units with at least one set drawn with replacement, as profile counts
 * from mulberry32(seed); type-7 quantiles, undefined resamples left out and counted.
 */
export function setAlphaIntervals(
  units: SetRatings,
  options: BootstrapOptions = {},
): Record<SetDistance, BootstrapInterval> {
  const { patterns, sets } = setPatterns(units);
  const [masi, jaccard] = [setDistances('masi', sets), setDistances('jaccard', sets)];
  const figures = { names: ['masi', 'jaccard'], build: (p: RatingPatterns) => setAlphaEvaluator(p, masi, jaccard) };
  const intervals = agreementIntervals(patterns, { exchangeable: [figures], raterSpecific: [] }, options);
  return { masi: intervals.masi, jaccard: intervals.jaccard };
}

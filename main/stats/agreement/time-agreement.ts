/**
 * Agreement on a time mark per item (e.g. the first critical error's time): the share of rater pairs within a stated
 * tolerance, with "no mark" as a rating of its own, and Krippendorff's interval α on the marked times.
 */
import { bootstrapSettings, percentileInterval, type BootstrapInterval, type BootstrapOptions } from './bootstrap';
import { GOLDEN, mix32 } from './prng';

/** A rater's mark on an item: a time in ms, 'none' (rated, no mark: e.g. no critical error), or null (not rated). */
export type TimeMark = number | 'none' | null;

/** Pair counts of tolerance agreement over the items with at least two ratings. */
export interface ToleranceAgreement {
  toleranceMs: number;
  /** Items with at least two ratings (marks or 'none'). */
  items: number;
  /** Unordered pairs of raters on one item, both rated. */
  pairs: number;
  /** Pairs where both marked a time. */
  bothMarked: number;
  /** Pairs where both marked a time at most toleranceMs apart. */
  withinTolerance: number;
  /** Pairs where neither marked a time: agreement that there is none. */
  bothAbsent: number;
  /** Pairs where one marked a time and the other did not: a disagreement. */
  oneAbsent: number;
  /** (withinTolerance + bothAbsent) / pairs, with its item bootstrap interval. */
  agreement: BootstrapInterval;
  /** withinTolerance / bothMarked: agreement on the time once both saw an error. */
  markedAgreement: number | null;
  /** Median |t₁ − t₂| over the pairs both marked. */
  medianDifferenceMs: number | null;
}

interface ItemPairs {
  pairs: number;
  agree: number;
}

/** Pairs of one item: counts by kind and the absolute differences of the marked pairs. */
function itemPairs(marks: readonly TimeMark[], toleranceMs: number, differences: number[]) {
  const rated = marks.filter((m): m is number | 'none' => m !== null);
  const c = { pairs: 0, bothMarked: 0, within: 0, bothAbsent: 0, oneAbsent: 0 };
  for (let i = 0; i < rated.length; i++) {
    for (let j = i + 1; j < rated.length; j++) {
      const a = rated[i];
      const b = rated[j];
      c.pairs++;
      if (a === 'none' && b === 'none') c.bothAbsent++;
      else if (a === 'none' || b === 'none') c.oneAbsent++;
      else {
        c.bothMarked++;
        const d = Math.abs(a - b);
        differences.push(d);
        if (d <= toleranceMs) c.within++;
      }
    }
  }
  return c;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

/** Percentile bootstrap over items of Σ agree / Σ pairs: items drawn one by one with mulberry32(seed). */
function pairShareInterval(items: ItemPairs[], estimate: number, options: BootstrapOptions): BootstrapInterval {
  const settings = bootstrapSettings(options);
  const n = items.length;
  const draws = new Float64Array(settings.resamples);
  let s = settings.seed | 0;
  for (let b = 0; b < settings.resamples; b++) {
    let pairs = 0;
    let agree = 0;
    for (let i = 0; i < n; i++) {
      s = (s + GOLDEN) | 0;
      const it = items[Math.floor((mix32(s) / 4294967296) * n)];
      pairs += it.pairs;
      agree += it.agree;
    }
    draws[b] = pairs ? agree / pairs : NaN;
  }
  return percentileInterval(draws, estimate, settings);
}

/**
 * Tolerance agreement of time marks: `marks[i][r]` is rater r's mark on item i. Two marks agree when at most
 * toleranceMs apart; two 'none' agree; a mark and a 'none' disagree. Items with fewer than two ratings are left out.
 */
export function toleranceAgreement(
  marks: readonly (readonly TimeMark[])[],
  toleranceMs: number,
  options: BootstrapOptions = {},
): ToleranceAgreement {
  if (!(toleranceMs >= 0) || !Number.isFinite(toleranceMs))
    throw new Error(`tolerance must be a number of ms ≥ 0, got ${toleranceMs}`);
  const differences: number[] = [];
  const total = { pairs: 0, bothMarked: 0, within: 0, bothAbsent: 0, oneAbsent: 0 };
  const items: ItemPairs[] = [];
  for (const row of marks) {
    const c = itemPairs(row, toleranceMs, differences);
    if (c.pairs === 0) continue;
    items.push({ pairs: c.pairs, agree: c.within + c.bothAbsent });
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
  }
  const estimate = total.pairs ? (total.within + total.bothAbsent) / total.pairs : NaN;
  return {
    toleranceMs,
    items: items.length,
    pairs: total.pairs,
    bothMarked: total.bothMarked,
    withinTolerance: total.within,
    bothAbsent: total.bothAbsent,
    oneAbsent: total.oneAbsent,
    agreement: pairShareInterval(items, estimate, options),
    markedAgreement: total.bothMarked ? total.within / total.bothMarked : null,
    medianDifferenceMs: median(differences),
  };
}

/**
 * Krippendorff's interval α of numeric values per unit (`units[u]` the values given to unit u; units with fewer
 * than two are not pairable): α = 1 − D_o/D_e with D_o = (1/n) Σ_u Σ_{i≠j} (x_i − x_j)² / (m_u − 1) and
 * D_e = Σ_{i≠j} (x_i − x_j)² / (n(n − 1)) over the n pairable values, each Σ_{i≠j} (x_i − x_j)² written as
 * 2(m Σx² − (Σx)²), computed around the mean for accuracy. NaN when n < 2 or all values are equal.
 */
export function intervalAlpha(units: readonly (readonly number[])[]): number {
  const pairable = units.filter((u) => u.length >= 2);
  let n = 0;
  let sum = 0;
  for (const u of pairable) for (const x of u) (n++, (sum += x));
  if (n < 2) return NaN;
  const mean = sum / n;
  let within = 0;
  let squares = 0;
  for (const u of pairable) {
    let s = 0;
    let s2 = 0;
    for (const x of u) {
      const d = x - mean;
      s += d;
      s2 += d * d;
    }
    within += (2 * (u.length * s2 - s * s)) / (u.length - 1);
    squares += s2;
  }
  const between = 2 * n * squares; // Σ_{i≠j} over all pairable values, the centred Σx being 0
  if (between === 0) return NaN;
  return 1 - within / n / (between / (n * (n - 1)));
}

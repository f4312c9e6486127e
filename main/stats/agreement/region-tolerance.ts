/**
 * Tolerance agreement of labelled regions, per category: for every pair of raters who both rated an item, each
 * region of one is matched one-to-one with a region of the same category of the other whose start and end both lie
 * within ±T ms; agreement is 2·matched / (regions of both), the Dice share of matched regions.
 */

/** A region as rated: start and end in ms, and its category. */
export interface TimedRegion {
  startMs: number;
  endMs: number;
  category: string;
}

/** One category's tolerance agreement over all rater pairs and items. */
export interface RegionToleranceRow {
  category: string;
  /** Regions of the category summed over both raters of every compared pair. */
  regions: number;
  /** Matched region pairs. */
  matched: number;
  /** 2·matched / regions; null when no pair had a region of the category. */
  agreement: number | null;
  /** (item, rater pair)s where neither rater marked a region of the category. */
  bothAbsent: number;
  /** (item, rater pair)s where exactly one rater marked a region of the category. */
  oneAbsent: number;
  /** Median |Δstart| of the matched pairs, ms. */
  medianOnsetDifferenceMs: number | null;
}

/** Greedy one-to-one matching in start order: each region of a takes the first unmatched fitting region of b. */
function matchRegions(a: TimedRegion[], b: TimedRegion[], toleranceMs: number, onsets: number[]): number {
  const used = new Array<boolean>(b.length).fill(false);
  let matched = 0;
  for (const x of a) {
    const j = b.findIndex(
      (y, k) =>
        !used[k] && Math.abs(x.startMs - y.startMs) <= toleranceMs && Math.abs(x.endMs - y.endMs) <= toleranceMs,
    );
    if (j < 0) continue;
    used[j] = true;
    matched++;
    onsets.push(Math.abs(x.startMs - b[j].startMs));
  }
  return matched;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

/**
 * Per-category tolerance agreement: `items[i][r]` is rater r's regions on item i (an empty list: rated, no region;
 * null: not rated). Categories in the given order, else in first-appearance order.
 */
export function regionToleranceAgreement(
  items: readonly (readonly (readonly TimedRegion[] | null)[])[],
  toleranceMs: number,
  categories?: readonly string[],
): RegionToleranceRow[] {
  if (!(toleranceMs >= 0) || !Number.isFinite(toleranceMs))
    throw new Error(`tolerance must be a number of ms ≥ 0, got ${toleranceMs}`);
  const list = categories ?? [...new Set(items.flatMap((row) => row.flatMap((r) => (r ?? []).map((x) => x.category))))];
  return list.map((category) => {
    const row = { category, regions: 0, matched: 0, bothAbsent: 0, oneAbsent: 0 };
    const onsets: number[] = [];
    for (const raters of items) {
      const rated = raters
        .filter((r): r is readonly TimedRegion[] => r !== null)
        .map((r) => r.filter((x) => x.category === category).sort((x, y) => x.startMs - y.startMs));
      for (let i = 0; i < rated.length; i++) {
        for (let j = i + 1; j < rated.length; j++) {
          const [a, b] = [rated[i], rated[j]];
          if (a.length === 0 && b.length === 0) row.bothAbsent++;
          else if (a.length === 0 || b.length === 0) row.oneAbsent++;
          row.regions += a.length + b.length;
          row.matched += matchRegions(a, b, toleranceMs, onsets);
        }
      }
    }
    return {
      ...row,
      agreement: row.regions ? (2 * row.matched) / row.regions : null,
      medianOnsetDifferenceMs: median(onsets),
    };
  });
}

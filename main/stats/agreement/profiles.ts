/**
 * Rating profiles: the patterns grouped by how many ratings each category got, whoever gave them. Coefficients that
 * treat raters as exchangeable (percent agreement, Fleiss, AC1/AC2, BP, α, per-category κ) depend on the items only
 * through their profiles, of which there are far fewer than patterns when there are many raters.
 */
import { MISSING } from './coding';
import type { RatingPatterns } from './patterns';

/** Profiles with their members among the patterns. */
export interface RatingProfiles {
  /** One row per profile: its category codes in ascending order, then MISSING; counts summed over its patterns. */
  profiles: RatingPatterns;
  /** Patterns of profile j: members[start[j]] … members[start[j + 1] − 1], in pattern order. */
  start: Int32Array;
  members: Int32Array;
}

/** Groups patterns by their sorted codes; profiles keep the order of their first pattern. */
export function ratingProfiles(patterns: RatingPatterns): RatingProfiles {
  const { nRaters, codes, counts } = patterns;
  const byKey = new Map<string, number>();
  const rows: number[] = [];
  const profileCounts: number[] = [];
  const groups: number[][] = [];
  for (let p = 0; p < counts.length; p++) {
    const row = Array.from(codes.subarray(p * nRaters, (p + 1) * nRaters)).sort((a, b) =>
      a === MISSING ? 1 : b === MISSING ? -1 : a - b,
    );
    const key = row.join(',');
    let j = byKey.get(key);
    if (j === undefined) {
      j = profileCounts.length;
      byKey.set(key, j);
      rows.push(...row);
      profileCounts.push(0);
      groups.push([]);
    }
    profileCounts[j] += counts[p];
    groups[j].push(p);
  }
  const start = new Int32Array(groups.length + 1);
  groups.forEach((g, j) => (start[j + 1] = start[j] + g.length));
  const profiles: RatingPatterns = {
    nRaters,
    nCategories: patterns.nCategories,
    codes: Int32Array.from(rows),
    counts: Float64Array.from(profileCounts),
    patternOfItem: new Int32Array(0),
  };
  return { profiles, start, members: Int32Array.from(groups.flat()) };
}

/**
 * Krippendorff's α for set-valued (multi-label) ratings with the MASI or Jaccard distance (Passonneau 2006; NLTK's
 * masi_distance and jaccard_distance): each distinct set is a value, and α = 1 − (n − 1) Σ o_ck δ_ck / Σ n_c n_k δ_ck
 * over the coincidences of the units with at least two ratings, as for the other levels.
 */

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

/**
 * α of set-valued ratings: `units[u]` lists the label sets the raters gave unit u (null = not rated); NaN when fewer
 * than two pairable values or no expected disagreement.
 */
export function setAlpha(units: readonly (readonly (readonly string[] | null)[])[], kind: SetDistance): number {
  const index = new Map<string, number>();
  const sets: Set<string>[] = [];
  const coded = units.map((unit) =>
    unit.flatMap((labels) => {
      if (labels === null) return [];
      const set = new Set(labels);
      const key = JSON.stringify([...set].sort());
      if (!index.has(key)) {
        index.set(key, sets.length);
        sets.push(set);
      }
      return [index.get(key)!];
    }),
  );
  const v = sets.length;
  const o = new Float64Array(v * v);
  for (const values of coded) {
    const m = values.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) o[values[i] * v + values[j]] += 1 / (m - 1);
  }
  const marginals = new Float64Array(v);
  let n = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) marginals[c] += o[c * v + k];
    n += marginals[c];
  }
  if (n < 2) return NaN;
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      if (c === k) continue;
      const d = setDistance(kind, sets[c], sets[k]);
      observed += o[c * v + k] * d;
      expected += marginals[c] * marginals[k] * d;
    }
  }
  return expected === 0 ? NaN : 1 - ((n - 1) * observed) / expected;
}

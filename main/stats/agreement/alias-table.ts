/** Walker's alias method (in Vose's stable construction): one uniform draws a category of fixed probabilities. */

/** Category i is kept when the fraction of u·K inside cell i is below keep[i], else alias[i] is drawn. */
export interface AliasTable {
  keep: Float64Array;
  alias: Int32Array;
}

/** The alias table of probabilities proportional to `weights` (non-negative, not all zero). */
export function aliasTable(weights: Float64Array): AliasTable {
  const k = weights.length;
  const total = weights.reduce((s, w) => s + w, 0);
  const keep = Float64Array.from(weights, (w) => (w * k) / total);
  const alias = Int32Array.from(weights, (_, i) => i);
  const small: number[] = [];
  const large: number[] = [];
  keep.forEach((x, i) => (x < 1 ? small : large).push(i));
  while (small.length > 0 && large.length > 0) {
    const s = small.pop()!;
    const l = large[large.length - 1];
    alias[s] = l;
    keep[l] -= 1 - keep[s];
    if (keep[l] < 1) small.push(large.pop()!);
  }
  for (const i of [...small, ...large]) keep[i] = 1; // left over by rounding: these cells keep their own category
  return { keep, alias };
}

/** 1 for true, 0 for false, as arithmetic: V8 compiles it without a branch. */
const asBit = (b: boolean): number => (b as unknown as number) | 0;

/**
 * The category drawn by u ∈ [0, 1). Kept or alias is an unpredictable coin, so it is chosen by arithmetic, not a
 * branch: a mispredicted branch cost about two thirds of a draw.
 */
export function aliasDraw(table: AliasTable, u: number): number {
  const x = u * table.keep.length;
  const cell = x | 0; // the floor: 0 ≤ x < K < 2³¹
  const other = table.alias[cell];
  return other + (cell - other) * asBit(x - cell < table.keep[cell]);
}

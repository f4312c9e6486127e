/**
 * Holm–Bonferroni adjusted p-values, in the input order: sort ascending, p̃(i) = max over j ≤ i of min(1, (m − j + 1)·p(j)).
 * Reject H(i) at level α when p̃(i) ≤ α. Equals R `p.adjust(p, "holm")`.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  for (const p of pValues) if (!(p >= 0 && p <= 1)) throw new RangeError(`p-values must be in [0, 1], got ${p}`);
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

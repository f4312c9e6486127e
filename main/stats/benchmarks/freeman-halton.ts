import { logChoose } from './log-choose';

/** Tables past this many are not enumerated (the exact test returns null rather than run for minutes). */
export const FREEMAN_HALTON_MAX_TABLES = 20_000_000;

/**
 * Exact Fisher–Freeman–Halton test of a 2×k table (successes out of totals in k groups, e.g. caller voices): the sum
 * of the probabilities, margins fixed, of every table no likelier than the observed one (relative tolerance 10⁻⁷).
 * Tables are enumerated depth-first; null when there would be more than FREEMAN_HALTON_MAX_TABLES of them.
 */
export function freemanHalton2xK(successes: readonly number[], totals: readonly number[]): number | null {
  if (successes.length !== totals.length) throw new RangeError('successes and totals differ in length');
  successes.forEach((s, i) => {
    if (!Number.isInteger(s) || !Number.isInteger(totals[i]) || s < 0 || s > totals[i]) {
      throw new RangeError(`need integers 0 ≤ successes ≤ totals, got ${s}/${totals[i]}`);
    }
  });
  const k = totals.length;
  if (k < 2) return 1;
  const n = totals.reduce((a, b) => a + b, 0);
  const s = successes.reduce((a, b) => a + b, 0);
  // Each column's binomial coefficients scaled by its largest, so a table's weight is a product (no exp per table);
  // probability = weight · exp(scale). Weights too small to represent underflow to 0 and add nothing.
  const logC = totals.map((t) => Array.from({ length: t + 1 }, (_, x) => logChoose(t, x)));
  const peaks = logC.map((col) => Math.max(...col));
  const weights = logC.map((col, i) => col.map((v) => Math.exp(v - peaks[i])));
  const scale = peaks.reduce((a, b) => a + b, 0) - logChoose(n, s);
  const observed = successes.reduce((w, x, i) => w * weights[i][x], 1) * (1 + 1e-7);
  const after = totals.map((_, i) => totals.slice(i + 1).reduce((a, b) => a + b, 0));
  const last = weights[k - 1];
  let tables = 0;
  let sum = 0;
  const visit = (i: number, left: number, w: number): boolean => {
    const from = Math.max(0, left - after[i]);
    const to = Math.min(totals[i], left);
    if (i === k - 2) {
      tables += to - from + 1;
      if (tables > FREEMAN_HALTON_MAX_TABLES) return false;
      const col = weights[i];
      for (let x = from; x <= to; x += 1) {
        const leaf = w * col[x] * last[left - x];
        if (leaf <= observed) sum += leaf;
      }
      return true;
    }
    for (let x = from; x <= to; x += 1) if (!visit(i + 1, left - x, w * weights[i][x])) return false;
    return true;
  };
  return visit(0, s, 1) ? Math.min(1, sum * Math.exp(scale)) : null;
}

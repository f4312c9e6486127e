import { logChoose } from './log-choose';

/** Relative tolerance for "no likelier than the observed table" (R `fisher.test` uses 1 + 10⁻⁷ as well). */
const TIE = 1 + 1e-7;

/**
 * Two-sided Fisher exact test of a 2×2 table [[a, b], [c, d]]: the sum of the hypergeometric probabilities (margins
 * fixed) of every table no likelier than the observed one. Equals `scipy.stats.fisher_exact` and R `fisher.test`.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  for (const x of [a, b, c, d])
    if (!Number.isInteger(x) || x < 0) throw new RangeError(`cells must be integers ≥ 0, got ${x}`);
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const logPmf = (x: number): number => logChoose(row1, x) + logChoose(n - row1, col1 - x) - logChoose(n, col1);
  const observed = logPmf(a) + Math.log(TIE);
  let p = 0;
  for (let x = Math.max(0, col1 - (n - row1)); x <= Math.min(row1, col1); x += 1) {
    const lp = logPmf(x);
    if (lp <= observed) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

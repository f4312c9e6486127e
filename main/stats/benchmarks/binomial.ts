/**
 * Exact two-sided binomial test of H0: p = 1/2 for x successes in n trials: min(1, 2 · P(X ≤ min(x, n − x))).
 * (For p = 1/2 the distribution is symmetric, so doubling the smaller tail equals summing all outcomes no likelier than x.)
 * Probabilities are summed in log space, so large n does not underflow.
 */
export function binomialTestHalf(x: number, n: number): number {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(x) || x < 0 || x > n) throw new RangeError(`need integers 0 ≤ x ≤ n, got x=${x}, n=${n}`);
  if (n === 0) return 1;
  const tail = Math.min(x, n - x);
  let logPmf = -n * Math.LN2; // log C(n, 0) / 2^n
  let sum = 0;
  for (let k = 0; k <= tail; k += 1) {
    sum += Math.exp(logPmf);
    logPmf += Math.log((n - k) / (k + 1));
  }
  return Math.min(1, 2 * sum);
}

/** log C(n, k) from a table of log factorials, grown on demand (exact sums of logs, no Stirling approximation). */
const logFactorials: number[] = [0];

/** log n! for an integer n ≥ 0. */
export function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i += 1) logFactorials.push(logFactorials[i - 1] + Math.log(i));
  return logFactorials[n];
}

/** log C(n, k) for integers 0 ≤ k ≤ n. */
export function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

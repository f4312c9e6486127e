/** Type-7 quantiles by selection: the order statistics a percentile interval needs, without sorting every draw. */

/** Puts the k-th smallest of a[left..right] at a[k], smaller ones before it and larger after (Hoare's selection). */
function selectInPlace(a: Float64Array, k: number, left: number, right: number): void {
  let lo = left;
  let hi = right;
  while (hi > lo) {
    const pivot = a[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The p-quantile (Hyndman & Fan type 7: R's quantile default, numpy.percentile's linear) of the first n values of a, which it reorders; NaN when
 * n = 0. Runs in O(n) on average.
 */
export function quantileBySelection(a: Float64Array, n: number, p: number): number {
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  selectInPlace(a, lo, 0, n - 1);
  const below = a[lo];
  if (hi === lo) return below;
  selectInPlace(a, hi, lo + 1, n - 1);
  return below + (h - lo) * (a[hi] - below);
}

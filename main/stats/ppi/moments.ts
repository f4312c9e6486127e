/** Means, plug-in variances and covariances of plain arrays (two passes, no copies), NaN for an empty array. */

/** Read-only numbers indexed from 0: a plain array or a typed array. */
export type Numbers = ArrayLike<number>;

/** The arithmetic mean; NaN when empty. */
export function mean(xs: Numbers): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[i];
  return xs.length === 0 ? NaN : sum / xs.length;
}

/** The plug-in variance (1/n)·Σ(x − x̄)², numpy's default `std()²` (ddof 0); NaN when empty. */
export function plugInVariance(xs: Numbers): number {
  const m = mean(xs);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i] - m) * (xs[i] - m);
  return sum / xs.length;
}

/** The plug-in covariance (1/n)·Σ(x − x̄)(y − ȳ) of two arrays of the same length; NaN when empty. */
export function plugInCovariance(xs: Numbers, ys: Numbers): number {
  if (xs.length !== ys.length) throw new RangeError(`covariance of arrays of lengths ${xs.length} and ${ys.length}`);
  const mx = mean(xs);
  const my = mean(ys);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i] - mx) * (ys[i] - my);
  return sum / xs.length;
}

/** The sample variance Σ(x − x̄)²/(n − 1) of two arrays taken together, without joining them; NaN below two values. */
export function pooledSampleVariance(a: Numbers, b: Numbers): number {
  const n = a.length + b.length;
  if (n < 2) return NaN;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i];
  for (let i = 0; i < b.length; i++) sum += b[i];
  const m = sum / n;
  let squares = 0;
  for (let i = 0; i < a.length; i++) squares += (a[i] - m) * (a[i] - m);
  for (let i = 0; i < b.length; i++) squares += (b[i] - m) * (b[i] - m);
  return squares / (n - 1);
}

/** The plug-in variance of y − λ·f, item by item (two arrays of the same length), without building the residuals. */
export function residualVariance(ys: Numbers, fs: Numbers, lambda: number): number {
  if (ys.length !== fs.length) throw new RangeError(`residuals of arrays of lengths ${ys.length} and ${fs.length}`);
  let sum = 0;
  for (let i = 0; i < ys.length; i++) sum += ys[i] - lambda * fs[i];
  const m = sum / ys.length;
  let squares = 0;
  for (let i = 0; i < ys.length; i++) {
    const d = ys[i] - lambda * fs[i] - m;
    squares += d * d;
  }
  return squares / ys.length;
}

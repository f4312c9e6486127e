/**
 * Complementary error function, Chebyshev fit from Numerical Recipes (erfcc): relative error below 1.2e-7 everywhere.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Upper tail P(χ²₁ ≥ x) of the chi-square distribution with one degree of freedom: erfc(√(x/2)), capped at 1. */
export function chiSquare1UpperTail(x: number): number {
  if (!(x >= 0)) throw new RangeError(`chi-square statistic must be ≥ 0, got ${x}`);
  return Math.min(1, erfc(Math.sqrt(x / 2)));
}

/** A proportion that keeps its numerator and denominator, so tables can show "103/200" next to 0.515. */
export interface Rate {
  numerator: number;
  denominator: number;
  /** numerator / denominator, or null when the denominator is 0. */
  value: number | null;
}

/** Builds a Rate; the value is null (not NaN) when nothing was counted, so it survives JSON transport. */
export function rate(numerator: number, denominator: number): Rate {
  return { numerator, denominator, value: denominator === 0 ? null : numerator / denominator };
}

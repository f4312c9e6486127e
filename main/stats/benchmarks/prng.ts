/** A seeded source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * Mulberry32 (Tommy Ettinger, 2017): 32-bit state, period 2^32, output = a 32-bit integer / 2^32.
 * Deterministic for a given seed on every platform; good enough for bootstrap resampling, not for cryptography.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n) drawn as floor(u · n); the bias is below n / 2^32. */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}

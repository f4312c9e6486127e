/** Seeded deterministic pseudo-random numbers for the bootstrap: mulberry32 (Tommy Ettinger, 2017, public domain). */

/** The Weyl increment added to the 32-bit state before each output. */
const GOLDEN = 0x6d2b79f5;

/** mulberry32's output function: mixes a 32-bit state into an unsigned 32-bit output. */
export function mix32(state: number): number {
  let z = state;
  z = Math.imul(z ^ (z >>> 15), z | 1);
  z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
  return (z ^ (z >>> 14)) >>> 0;
}

/** A mulberry32 generator whose 32-bit state starts at the seed: each call advances the state by 0x6D2B79F5 and returns mix32(state). */
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + GOLDEN) | 0;
    return mix32(state);
  };
}

/**
 * One bootstrap resample without allocating: draws pool.length indices i = floor(u · N / 2³²) from successive mulberry32
 * outputs u, adds 1 to weights[pool[i]] for each (weights is zeroed first), and returns the generator state after the draws.
 */
export function drawResample(state: number, pool: Int32Array, weights: Float64Array): number {
  const n = pool.length;
  weights.fill(0);
  let s = state;
  for (let i = 0; i < n; i++) {
    s = (s + GOLDEN) | 0;
    weights[pool[Math.floor((mix32(s) * n) / 4294967296)]]++;
  }
  return s;
}

/** Seeded deterministic pseudo-random numbers for the bootstrap: mulberry32 (Tommy Ettinger, 2017, public domain). */

/** The Weyl increment added to the 32-bit state before each output. */
export const GOLDEN = 0x6d2b79f5;

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

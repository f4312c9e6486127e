/** Seeded deterministic pseudo-random numbers for the bootstrap: mulberry32 (Tommy Ettinger, 2017, public domain). */

/**
 * A mulberry32 generator: 32-bit state initialised to `seed >>> 0`, each call adds 0x6D2B79F5 and mixes;
 * returns the next 32-bit output as an unsigned integer.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return (z ^ (z >>> 14)) >>> 0;
  };
}

/** A uniform index in 0 .. n − 1 from a 32-bit output u: floor(u · n / 2³²). */
export function indexFrom(u: number, n: number): number {
  return Math.floor((u / 4294967296) * n);
}

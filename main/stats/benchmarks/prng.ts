/** Seeded uniform numbers for the benchmark bootstraps: the same mulberry32 generator as the agreement statistics. */
import { mulberry32 as mulberry32Words } from '../agreement/prng';

/** A seeded source of uniform numbers in [0, 1). */
export type Random = () => number;

/** Mulberry32 (Tommy Ettinger, 2017) scaled to [0, 1): each 32-bit output / 2^32; deterministic for a seed, not cryptographic. */
export function mulberry32(seed: number): Random {
  const next = mulberry32Words(seed);
  return () => next() / 4294967296;
}

/** A uniform integer in [0, n) drawn as floor(u · n); the bias is below n / 2^32. */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}

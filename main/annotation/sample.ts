/** Seeded stratified sampling for work queues: proportional allocation by largest remainder, seeded shuffles (mulberry32). */
import { mulberry32 } from '../stats/agreement/index';

/** A candidate for a sample, with its stratum. */
export interface Candidate {
  id: number;
  stratum: string;
}

/**
 * Items per stratum for a sample of `size` from strata of the given sizes: proportional shares, floors first, the rest
 * to the largest remainders (ties: the larger stratum, then the stratum name); never more than a stratum holds.
 */
export function allocate(sizes: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const n = Math.min(size, total);
  const out = new Map<string, number>();
  if (n === 0) return new Map([...sizes.keys()].map((k) => [k, 0]));
  const shares = [...sizes].map(([name, count]) => ({ name, count, exact: (n * count) / total }));
  for (const s of shares) out.set(s.name, Math.floor(s.exact));
  let left = n - [...out.values()].reduce((a, b) => a + b, 0);
  const order = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || b.count - a.count || (a.name < b.name ? -1 : 1));
  for (const s of order) {
    if (left === 0) break;
    if (out.get(s.name)! < s.count) {
      out.set(s.name, out.get(s.name)! + 1);
      left--;
    }
  }
  return out;
}

/** Fisher–Yates shuffle driven by a seeded generator of unsigned 32-bit integers. */
export function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor((next() / 2 ** 32) * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Items per stratum for a sample of `size` from strata of the given sizes (allocate, or a design's own). */
export type Allocator = (sizes: ReadonlyMap<string, number>, size: number) => Map<string, number>;

/**
 * Draws `size` candidates stratified by their stratum: allocation as `allocate` (or `allocator`), within each stratum
 * (in name order) a seeded shuffle of the candidates (sorted by id first), so the same inputs and seed always give the
 * same sample. The result is shuffled once more so strata are interleaved in the queue; `population` is each
 * stratum's size N_h.
 */
export function stratifiedSample(
  candidates: readonly Candidate[],
  size: number,
  seed: number,
  allocator: Allocator = allocate,
): { ids: number[]; strata: Record<string, number>; population: Record<string, number> } {
  const next = mulberry32(seed);
  const byStratum = new Map<string, Candidate[]>();
  for (const c of [...candidates].sort((a, b) => a.id - b.id)) {
    if (!byStratum.has(c.stratum)) byStratum.set(c.stratum, []);
    byStratum.get(c.stratum)!.push(c);
  }
  const names = [...byStratum.keys()].sort();
  const counts = allocator(new Map(names.map((k) => [k, byStratum.get(k)!.length])), size);
  const picked: number[] = [];
  for (const name of names) picked.push(...shuffle(byStratum.get(name)!, next).slice(0, counts.get(name)).map((c) => c.id));
  return {
    ids: shuffle(picked, next),
    strata: Object.fromEntries(names.map((k) => [k, counts.get(k)!])),
    population: Object.fromEntries(names.map((k) => [k, byStratum.get(k)!.length])),
  };
}

/**
 * The clusters a seeded cluster bootstrap draws depend only on (seed, resamples, number of clusters): resample b draws
 * `count` indices, each randomIndex(mulberry32(seed), count) in turn. Most intervals of a section share these three
 * (the same seed, cells of the same tasks), so the draws and their multiplicities are kept here, per key, for the
 * bootstraps to replay instead of drawing again.
 */
import { GOLDEN, mix32 } from '../agreement/prng';

/** A key's draws: resample b's i-th index at `indices[b * count + i]`; its multiplicities by cluster, lazily. */
export interface ClusterDraws {
  seed: number;
  resamples: number;
  count: number;
  indices: Uint8Array | Uint16Array | Int32Array;
  /** How often resample b drew cluster c, at `[c * resamples + b]` (one run of resamples per cluster). */
  multiplicities(): Uint8Array | Uint16Array | Uint32Array;
  /** The bytes these draws hold: the indices and, once made, the multiplicities. */
  bytes(): number;
}

/** Draws of a key are kept when resamples × clusters is at most this (10,000 resamples of 1,600 clusters). */
export const MAX_KEPT_DRAWS = 16_000_000;
/**
 * The draws a thread waiting for its next job keeps (the newest keys): a study's next job, e.g. after a label is
 * saved, replays them instead of drawing again; a job can keep up to 190 MB, which a waiting thread should not hold.
 */
export const KEPT_BETWEEN_JOBS_BYTES = 32 * 1024 * 1024;
/** Indices kept in all, the oldest keys forgotten first beyond it. */
const MAX_KEPT_TOTAL = 48_000_000;

const kept = new Map<string, ClusterDraws>();
let keptTotal = 0;

function draw(seed: number, resamples: number, count: number): ClusterDraws {
  const size = resamples * count;
  const indices = count <= 256 ? new Uint8Array(size) : count <= 65_536 ? new Uint16Array(size) : new Int32Array(size);
  // randomIndex(mulberry32(seed), count) inline: (w / 2^32) · count and w · (count / 2^32) are the one rounding of the
  // same product (dividing by 2^32 is exact), and storing a non-negative number in an integer array floors it.
  const scale = count / 4294967296;
  let state = seed | 0;
  for (let k = 0; k < size; k += 1) {
    state = (state + GOLDEN) | 0;
    indices[k] = mix32(state) * scale;
  }
  let multiplicity: Uint8Array | Uint16Array | Uint32Array | null = null;
  return {
    seed,
    resamples,
    count,
    indices,
    multiplicities() {
      if (multiplicity) return multiplicity;
      // A cluster is drawn at most `count` times in a resample.
      const m = count < 256 ? new Uint8Array(size) : count < 65_536 ? new Uint16Array(size) : new Uint32Array(size);
      for (let b = 0; b < resamples; b += 1) {
        for (let k = b * count; k < (b + 1) * count; k += 1) m[indices[k] * resamples + b] += 1;
      }
      return (multiplicity = m);
    },
    bytes: () => indices.byteLength + (multiplicity?.byteLength ?? 0),
  };
}

/**
 * Forgets the oldest kept draws until those left hold at most `bytes` (a thread waiting between jobs keeps the newest
 * few MB, which the next job of the same study draws again, and frees the rest); 0 forgets them all.
 */
export function forgetClusterDraws(bytes = 0): void {
  let held = 0;
  for (const draws of kept.values()) held += draws.bytes();
  for (const [key, old] of kept) {
    if (held <= bytes) break;
    kept.delete(key);
    held -= old.bytes();
    keptTotal -= old.indices.length;
  }
}

/**
 * The draws of a cluster bootstrap with this seed, number of resamples and of clusters: kept from an earlier call, or
 * drawn now and kept; null when there are too many to keep (the bootstrap then draws as it goes).
 */
export function clusterDraws(seed: number, resamples: number, count: number): ClusterDraws | null {
  if (resamples * count > MAX_KEPT_DRAWS || count === 0) return null;
  const key = `${seed}/${resamples}/${count}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const made = draw(seed, resamples, count);
  kept.set(key, made);
  keptTotal += made.indices.length;
  for (const [oldKey, old] of kept) {
    if (keptTotal <= MAX_KEPT_TOTAL || old === made) break;
    kept.delete(oldKey);
    keptTotal -= old.indices.length;
  }
  return made;
}

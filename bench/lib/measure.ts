/** Small helpers shared by the benchmarks: a seeded PRNG, timers, percentiles and human-readable figures. */
import { performance } from 'node:perf_hooks';

/** mulberry32: a tiny seeded PRNG so every run generates the same synthetic data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random element of `items`. */
export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

/** An integer in [lo, hi]. */
export const between = (rand: () => number, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

/** Milliseconds taken by `fn` (awaited). */
export async function timeMs(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Milliseconds taken by a synchronous `fn`. */
export function timeSyncMs(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** The p-quantile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank];
}

/** p50 / p95 / max of a sample of durations. */
export function latencySummary(values: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  return { n: values.length, p50: percentile(values, 0.5), p95: percentile(values, 0.95), max: Math.max(...values) };
}

/** A duration for the table: µs, ms or s with three significant figures. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}

/** A byte count in MB (10^6). */
export function fmtMB(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Peak resident set size of this process so far, in bytes. */
export function peakRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** Logs progress on stderr, so stdout stays the report. */
export function note(message: string): void {
  process.stderr.write(`  · ${message}\n`);
}

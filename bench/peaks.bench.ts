/** Issue 3: peaks of a 1-hour stereo 8 kHz 16-bit WAV (streamed) vs a plain streamed read of the same file, same chunk size. */
import { createReadStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { computePeaks, computePeaksAndHash } from '../main/audio/peaks';
import { hashFile } from '../main/audio/hash-file';
import { writeWav } from './gen/wav';
import { fmtMB, fmtMs, median, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';

/** Chunk size both sides read with: computePeaks' default. */
export const CHUNK_BYTES = 1 << 20;

/** The 1-hour stereo 8 kHz 16-bit WAV shared by the peaks and browser benchmarks, generated once per machine. */
export function longWav(): string {
  const dir = join(tmpdir(), 'earshot-bench');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'call-1h-stereo-8k.wav');
  const bytes = 44 + 3600 * 8000 * 2 * 2;
  if (!existsSync(path) || statSync(path).size !== bytes) {
    note('generating a 1-hour stereo 8 kHz 16-bit WAV');
    writeWav(`${path}.tmp`, { seconds: 3600, sampleRate: 8000, channels: 2, seed: 3 });
    renameSync(`${path}.tmp`, path); // last, so an interrupted run never leaves a half-written file under the real name
  }
  return path;
}

/** The baseline: a plain streamed read of the file (createReadStream, same chunk size as computePeaks), every chunk taken. */
async function plainRead(path: string, chunkBytes: number): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) n += chunk.length;
  return n;
}

/**
 * A stricter baseline: the read computePeaks now does (FileHandle reads into 3 reused buffers, 2 in flight, same chunk
 * size), without the scan. Reusing buffers makes this faster than a read stream, which allocates one per chunk.
 */
async function reusedBufferRead(path: string, chunkBytes: number): Promise<number> {
  const handle = await open(path, 'r');
  const size = (await handle.stat()).size;
  const ring = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
  const pending: Promise<{ bytesRead: number }>[] = [];
  let next = 0;
  let issued = 0;
  let n = 0;
  const issue = () => {
    if (next >= size) return;
    pending.push(handle.read(ring[issued++ % 3], 0, Math.min(chunkBytes, size - next), next));
    next += chunkBytes;
  };
  try {
    issue();
    issue();
    while (pending.length) {
      n += (await pending.shift()!).bytesRead;
      issue();
    }
  } finally {
    await Promise.allSettled(pending);
    await handle.close();
  }
  return n;
}

/** Runs the peaks benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const path = longWav();
  const size = statSync(path).size;
  await plainRead(path, CHUNK_BYTES); // page cache warm for both sides
  await computePeaks(path);
  const reads: number[] = [];
  const reusedReads: number[] = [];
  const peaks: number[] = [];
  const both: number[] = [];
  const twoReads: number[] = [];
  let buckets = 0;
  for (let i = 0; i < 5; i++) {
    let t0 = performance.now();
    await plainRead(path, CHUNK_BYTES);
    reads.push(performance.now() - t0);
    t0 = performance.now();
    await reusedBufferRead(path, CHUNK_BYTES);
    reusedReads.push(performance.now() - t0);
    t0 = performance.now();
    const p = await computePeaks(path, CHUNK_BYTES);
    peaks.push(performance.now() - t0);
    buckets = p.buckets;
    t0 = performance.now();
    await computePeaksAndHash(path);
    both.push(performance.now() - t0);
    t0 = performance.now();
    await Promise.all([hashFile(path), computePeaks(path)]);
    twoReads.push(performance.now() - t0);
  }
  const baseline = median(reads);
  const figure = median(peaks);
  const ratio = figure / baseline;
  return {
    name: 'peaks',
    rows: [
      {
        issue: 3,
        name: 'peaks of a 1-hour stereo 8 kHz WAV',
        figure: fmtMs(figure),
        baseline: `${fmtMs(baseline)} plain read`,
        ratio,
        target: '≤ 2× baseline',
        pass: ratio <= 2,
      },
    ],
    details: [
      `file: ${fmtMB(size)}, 16-bit stereo 8 kHz, 3600 s; ${buckets} buckets per channel; chunks of ${CHUNK_BYTES / 1024} KiB on both sides; page cache warm`,
      `computePeaks (5 runs): ${peaks.map(fmtMs).join(', ')}; plain streamed read (createReadStream): ${reads.map(fmtMs).join(', ')}`,
      `stricter baseline, the same reader without the scan (reused buffers, 2 reads ahead): median ${fmtMs(median(reusedReads))} → peaks ${(figure / median(reusedReads)).toFixed(2)}× that`,
      `as at import (writeBatch's prepareAudio: computePeaksAndHash, SHA-256 and peaks in one read): ${both.map(fmtMs).join(', ')} (median ${fmtMs(median(both))}, ${(median(both) / baseline).toFixed(2)}× the plain read); ` +
        `the former hashFile + computePeaks, two reads in parallel: median ${fmtMs(median(twoReads))}`,
    ],
    wallMs: performance.now() - wall0,
    peakRssBytes: peakRssBytes(),
  };
}

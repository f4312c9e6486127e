import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PEAK_KERNEL_BASE64 } from './peak-kernel-bytes';
import { KERNEL_MIN_SAMPLES, peakKernel } from './peak-kernel';
import { computePeaks, peaksRateFor } from './peaks';
import { wavBytes } from '../../test-support/wav';
import { mulberry32 } from '../stats/agreement/prng';

const dir = mkdtempSync(join(tmpdir(), 'earshot-peak-kernel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Random 16-bit samples with the extremes planted at `extremes` (−32768 first, then 32767, alternating). */
function samples(count: number, seed: number, extremes: number[] = []): Int16Array {
  const next = mulberry32(seed);
  const random = () => next() / 2 ** 32;
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.floor((random() * 2 - 1) * 20_000 * random());
  extremes.forEach((at, k) => (out[at] = k % 2 === 0 ? -32768 : 32767));
  return out;
}

/** The peak of each channel of each bucket, as the plain definition reads: the largest |sample| of its frames. */
function expectedPeaks(data: Int16Array, channels: number, sampleRate: number): Uint8Array {
  const frames = data.length / channels;
  const rate = peaksRateFor(frames / sampleRate);
  const buckets = Math.max(1, Math.ceil((frames * rate) / sampleRate));
  const max = new Float32Array(channels * buckets);
  for (let f = 0; f < frames; f++) {
    const b = Math.min(buckets - 1, Math.floor((f * rate) / sampleRate));
    for (let c = 0; c < channels; c++) {
      const v = Math.abs(data[f * channels + c]) / 32768;
      if (v > max[c * buckets + b]) max[c * buckets + b] = v;
    }
  }
  return Uint8Array.from(max, (m) => Math.min(255, Math.round(Math.min(1, m) * 255)));
}

function wavOf(name: string, data: Int16Array, channels: number, sampleRate: number): string {
  const file = join(dir, name);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  writeFileSync(file, wavBytes({ sampleRate, channels, bitsPerSample: 16, data: bytes }));
  return file;
}

describe('the peak kernel', () => {
  it('is peak-kernel.wat as assembled now (node scripts/assemble-wasm.mjs)', () => {
    const assembled = execFileSync(process.execPath, ['scripts/assemble-wasm.mjs', '--print'], { encoding: 'utf8' });
    expect(assembled.trim()).toBe(PEAK_KERNEL_BASE64);
  });

  it('gives the largest |sample| at even and at odd offsets of every even run, the run\'s largest of every odd one', () => {
    const kernel = peakKernel();
    const piece = samples(4096, 7, [5, 1200, 4095]);
    const loaded = kernel.load(new Uint8Array(piece.buffer));
    expect(Array.from(loaded.subarray(0, 16))).toEqual(Array.from(piece.subarray(0, 16)));
    for (const from of [0, 1, 2, 3, 5, 17, 1190, 4088]) {
      for (let count = KERNEL_MIN_SAMPLES; from + count <= piece.length && count < 300; count += from % 2 ? 7 : 1) {
        let even = 0;
        let odd = 0;
        for (let k = 0; k < count; k++) {
          const v = Math.abs(piece[from + k]);
          if (k % 2 === 0) even = Math.max(even, v);
          else odd = Math.max(odd, v);
        }
        const both = kernel.maxAbs(from, count);
        // an odd run's last block starts an odd number of samples in, mixing the lanes: only its largest is defined
        if (count % 2 === 0) expect([from, count, both & 0xffff, both >>> 16]).toEqual([from, count, even, odd]);
        else expect([from, count, Math.max(both & 0xffff, both >>> 16)]).toEqual([from, count, Math.max(even, odd)]);
      }
    }
  });

  it('reads |−32768| as 32768, a full-scale peak', () => {
    const kernel = peakKernel();
    kernel.load(new Uint8Array(Int16Array.from([0, -32768, 0, 0, 0, 0, 0, 0, 32767, 0]).buffer));
    const both = kernel.maxAbs(0, 10);
    expect([both & 0xffff, both >>> 16]).toEqual([32767, 32768]);
  });
});

describe('computePeaks through the kernel', () => {
  it('equals the plain definition on mono, stereo and 3-channel 16-bit files, in chunks of any size', async () => {
    for (const [channels, sampleRate, frames] of [
      [1, 8000, 8000 * 3 + 5],
      [2, 8000, 8000 * 2 + 7],
      [2, 1000, 3_600_000],
      [3, 16_000, 16_000 + 3],
    ]) {
      const data = samples(channels * frames, channels * 31 + frames, [0, channels * frames - 1, 12_345]);
      const file = wavOf(`c${channels}-${sampleRate}.wav`, data, channels, sampleRate);
      const expected = expectedPeaks(data, channels, sampleRate);
      // 4 MiB: a piece larger than the kernel's first memory, which grows for it
      for (const chunk of [1 << 20, 4 << 20, 4097, 6]) {
        if (chunk < 64 && frames > 100_000) continue; // a million six-byte pieces would only slow the test
        const got = await computePeaks(file, chunk);
        expect(got.data.length).toBe(expected.length);
        expect(Buffer.compare(Buffer.from(got.data), Buffer.from(expected))).toBe(0);
      }
    }
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { computePeaks, computePeaksAndHash, computePeaksAndHashSync, peaksRateFor, peaksToChannels, MAX_BUCKETS } from './peaks';
import { wavBytes, writePcm16 } from '../../test-support/wav';

const dir = mkdtempSync(join(tmpdir(), 'earshot-peaks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('computePeaks', () => {
  it('finds the loud second of each lane of a stereo file, whatever the chunk size', async () => {
    const f = join(dir, 'stereo.wav');
    const rate = 8000;
    writePcm16(f, rate, 2, rate * 3, (i, c) => {
      const second = Math.floor(i / rate);
      const loud = c === 0 ? second === 0 : second === 2;
      return (loud ? 0.8 : 0.01) * Math.sin(i / 3);
    });
    for (const chunk of [1 << 20, 4097, 6]) {
      const p = await computePeaks(f, chunk);
      expect(p.peaksPerSecond).toBe(100);
      expect(p.buckets).toBe(300);
      const [user, agent] = peaksToChannels(p.data, 2);
      expect(Math.min(...user.slice(0, 100))).toBeGreaterThan(0.7);
      expect(Math.max(...user.slice(100))).toBeLessThan(0.02);
      expect(Math.max(...agent.slice(0, 200))).toBeLessThan(0.02);
      expect(Math.min(...agent.slice(200))).toBeGreaterThan(0.7);
    }
  });

  it('gives the same peaks and file hash read ahead, read synchronously, in one chunk or in many', async () => {
    const f = join(dir, 'odd.wav');
    writePcm16(f, 8000, 2, 8000 * 2 + 7, (i, c) => (c ? 0.3 : 0.6) * Math.sin(i / (5 + c)));
    const sha256 = createHash('sha256').update(readFileSync(f)).digest('hex');
    const peaks = (await computePeaks(f)).data;
    for (const chunk of [1 << 20, 4097, 6]) {
      for (const got of [await computePeaksAndHash(f, chunk), computePeaksAndHashSync(f, chunk)]) {
        expect(got.sha256).toBe(sha256);
        expect(got.peaks.data).toEqual(peaks);
      }
    }
  });

  it('decodes μ-law and 24-bit files the same way as 16-bit', async () => {
    const mulaw = join(dir, 'mulaw.wav');
    writeFileSync(mulaw, wavBytes({ sampleRate: 100, channels: 1, formatTag: 7, bitsPerSample: 8, data: Buffer.from([0xff, 0x80, 0xff, 0xff]) }));
    const m = await computePeaks(mulaw);
    expect(peaksToChannels(m.data, 1)[0][1]).toBeCloseTo(32124 / 32768, 2);
    const pcm24 = join(dir, 'p24.wav');
    const data = Buffer.alloc(300);
    data.writeIntLE(-4194304, 150, 3);
    writeFileSync(pcm24, wavBytes({ sampleRate: 100, channels: 1, bitsPerSample: 24, data }));
    const p = peaksToChannels((await computePeaks(pcm24)).data, 1)[0];
    expect(p[50]).toBeCloseTo(0.5, 2);
    expect(p[49]).toBe(0);
  });

  it('finishes on an hour of audio at 1 kHz, where buckets per second (55) do not divide the rate', async () => {
    const f = join(dir, 'hour.wav');
    writePcm16(f, 1000, 1, 3_600_000, (i) => Math.sin(i / 5) * 0.5);
    const p = await computePeaks(f);
    expect(p.peaksPerSecond).toBe(55);
    expect(p.buckets).toBe(198_000);
    const lane = peaksToChannels(p.data, 1)[0];
    expect(Math.min(...lane.slice(0, 1000))).toBeGreaterThan(0.4);
  });

  it('keeps long audio under the bucket cap', () => {
    expect(peaksRateFor(3600)).toBe(55);
    expect(peaksRateFor(3600) * 3600).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(peaksRateFor(10)).toBe(100);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readLaneSamples } from './lane-samples';
import { writePcm16, wavBytes } from '../../test-support/wav';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { writeFileSync } from 'node:fs';

describe('readLaneSamples', () => {
  afterAll(removeTempDirs);

  it('splits a stereo 16 kHz file into two 8 kHz lanes, each the mean of two input samples', async () => {
    const file = join(tempDir('earshot-lanes-'), 'call.wav');
    // left: +0.5 then -0.5 alternating by sample pairs; right: a ramp
    writePcm16(file, 16000, 2, 32000, (i, c) => (c === 0 ? (Math.floor(i / 2) % 2 ? -0.5 : 0.5) : i % 2 ? 0.25 : 0.75));
    const { sampleRate, durationMs, lanes } = await readLaneSamples(file, 8000);
    expect(sampleRate).toBe(8000);
    expect(durationMs).toBe(2000);
    expect(lanes).toHaveLength(2);
    expect(lanes[0].length).toBe(16000);
    expect(Array.from(lanes[0].subarray(0, 4))).toEqual([16384, -16383, 16384, -16383]); // ±0.5 × 32767 rounded by the writer;
    expect(lanes[1][100]).toBe(Math.round((0.25 * 32767 + 0.75 * 32767) / 2));
  });

  it('decodes 8-bit μ-law through the shared decoders', async () => {
    const file = join(tempDir('earshot-lanes-'), 'mulaw.wav');
    // 0x80 is μ-law +32124 and 0xff is 0 (ITU-T G.711 table)
    writeFileSync(
      file,
      wavBytes({
        sampleRate: 8000,
        channels: 1,
        formatTag: 7,
        bitsPerSample: 8,
        data: Buffer.from([0x80, 0xff, 0x80]),
      }),
    );
    const { lanes } = await readLaneSamples(file, 8000);
    expect(Array.from(lanes[0])).toEqual([32124, 0, 32124]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cutWavClip } from './wav-clip';
import { readWavHeader } from './wav-header';
import { writePcm16, wavBytes } from '../../test-support/wav';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { repoRoot } from '../../test-support/fixtures';

afterAll(() => removeTempDirs());

describe('cutWavClip', () => {
  it('cuts 16-bit PCM sample for sample, both channels, and the header describes what it holds', () => {
    const file = join(tempDir(), 'ramp.wav');
    writePcm16(file, 8000, 2, 16_000, (i, c) => (c === 0 ? (i % 100) / 100 : -((i % 50) / 50)));
    const clip = cutWavClip(file, 500, 1250);
    const out = join(tempDir(), 'clip.wav');
    writeFileSync(out, clip.wav);
    const info = readWavHeader(out);
    expect(info).toMatchObject({ encoding: 'pcm', bitsPerSample: 16, channels: 2, sampleRate: 8000, frames: 6000 });
    expect(clip).toMatchObject({ startMs: 500, endMs: 1250 });
    const source = readWavHeader(file);
    const original = readFileSync(file).subarray(source.dataOffset + 4000 * 4);
    expect(clip.wav.subarray(44).equals(original.subarray(0, 6000 * 4))).toBe(true);
  });

  it('clamps a range running past either end of the call to the audio there is', () => {
    const file = join(tempDir(), 'short.wav');
    writePcm16(file, 16_000, 1, 16_000, () => 0.25);
    const clip = cutWavClip(file, -3000, 5000);
    expect(clip).toMatchObject({ startMs: 0, endMs: 1000, channels: 1 });
    expect(clip.wav.length).toBe(44 + 16_000 * 2);
  });

  it('writes μ-law audio as 16-bit PCM (0xff is silence, 0x00 the loudest negative sample)', () => {
    const file = join(tempDir(), 'mulaw.wav');
    writeFileSync(
      file,
      wavBytes({
        sampleRate: 8000,
        channels: 1,
        formatTag: 7,
        bitsPerSample: 8,
        data: Buffer.from([0xff, 0x00, 0x80]),
      }),
    );
    const clip = cutWavClip(file, 0, 1);
    const samples = [0, 1, 2].map((i) => clip.wav.readInt16LE(44 + i * 2));
    expect(samples).toEqual([0, -32124, 32124]);
  });

  it('cuts the demo call around a moment: the length asked for at its rate', () => {
    const demo = join(repoRoot, 'resources', 'demo', 'audio', 'demo-retail-order-status.wav');
    const clip = cutWavClip(demo, 9000, 19_000);
    expect(clip).toMatchObject({ startMs: 9000, endMs: 19_000, sampleRate: 8000, channels: 2 });
    expect(clip.wav.length).toBe(44 + 80_000 * 2 * 2);
  });
});

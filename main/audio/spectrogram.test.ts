import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeSpectrogram, fftSizeFor } from './spectrogram';
import { fft } from './fft';
import { writePcm16 } from '../../test-support/wav';

const dir = mkdtempSync(join(tmpdir(), 'earshot-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fft', () => {
  it('matches the DFT of a small signal', () => {
    const x = [1, 2, 0, -1, 3, 0.5, -2, 1];
    const re = Float64Array.from(x);
    const im = new Float64Array(8);
    fft(re, im);
    for (let k = 0; k < 8; k++) {
      let r = 0;
      let i = 0;
      x.forEach((v, t) => {
        r += v * Math.cos((-2 * Math.PI * k * t) / 8);
        i += v * Math.sin((-2 * Math.PI * k * t) / 8);
      });
      expect(re[k]).toBeCloseTo(r, 10);
      expect(im[k]).toBeCloseTo(i, 10);
    }
  });
});

describe('computeSpectrogram', () => {
  it('puts a 1 kHz tone on the user lane and a 3 kHz tone on the agent lane in the right bins', () => {
    const f = join(dir, 'tones.wav');
    const rate = 16000;
    writePcm16(f, rate, 2, rate * 2, (i, c) => 0.5 * Math.sin((2 * Math.PI * (c === 0 ? 1000 : 3000) * i) / rate));
    for (const [channel, hz] of [[0, 1000], [1, 3000]]) {
      const s = computeSpectrogram(f, channel, 0, 2000, 20);
      expect(s.bins).toBe(fftSizeFor(rate) / 2);
      const col = Array.from(s.data.subarray(10 * s.bins, 11 * s.bins));
      const peak = col.indexOf(Math.max(...col));
      expect(Math.abs((peak * s.maxHz) / s.bins - hz)).toBeLessThan(s.maxHz / s.bins + 1);
    }
  });

  it('is silent (floor) over silence and refuses a channel the file does not have', () => {
    const f = join(dir, 'silence.wav');
    writePcm16(f, 8000, 1, 8000, () => 0);
    const s = computeSpectrogram(f, 0, 0, 1000, 8);
    expect(Math.max(...s.data)).toBe(0);
    expect(() => computeSpectrogram(f, 1, 0, 1000, 8)).toThrow(/channel 1 does not exist/);
  });
});

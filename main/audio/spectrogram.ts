/** A spectrogram of a time window of one channel, computed on the main side from sparse reads of the WAV. */
import { closeSync, openSync, readSync } from 'node:fs';
import { readWavHeader } from './wav-header';
import { sampleReader } from './sample-decoders';
import { fft, hann } from './fft';

/** Magnitudes in dB, scaled to 0–255, column-major (`data[col * bins + bin]`, bin 0 = 0 Hz). */
export interface Spectrogram {
  startMs: number;
  endMs: number;
  columns: number;
  bins: number;
  maxHz: number;
  data: Uint8Array;
}

/** Quietest level drawn, in dB below full scale. */
export const FLOOR_DB = -90;

/** FFT size for a sample rate: about 32 ms frames. */
export function fftSizeFor(sampleRate: number): number {
  let n = 256;
  while (n < sampleRate * 0.032) n <<= 1;
  return n;
}

/** Computes `columns` spectra evenly spaced over [startMs, endMs) of `channel`; reads only one frame per column. */
export function computeSpectrogram(file: string, channel: number, startMs: number, endMs: number, columns: number): Spectrogram {
  const info = readWavHeader(file);
  if (channel >= info.channels) throw new RangeError(`${file}: channel ${channel} does not exist (the file has ${info.channels})`);
  const n = fftSizeFor(info.sampleRate);
  const bins = n / 2;
  const window = hann(n);
  const read = sampleReader(info.encoding, info.bitsPerSample);
  const first = Math.max(0, Math.floor((startMs / 1000) * info.sampleRate));
  const last = Math.min(info.frames, Math.ceil((endMs / 1000) * info.sampleRate));
  const step = Math.max(1, (last - first) / columns);
  const data = new Uint8Array(columns * bins);
  const frameBytes = Buffer.alloc(n * info.blockAlign);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const norm = n / 4;
  const fd = openSync(file, 'r');
  try {
    for (let col = 0; col < columns; col++) {
      const centre = Math.floor(first + col * step + step / 2);
      const from = Math.max(0, Math.min(info.frames - n, centre - n / 2));
      const got = from >= 0 ? readSync(fd, frameBytes, 0, frameBytes.length, info.dataOffset + from * info.blockAlign) : 0;
      const frames = Math.floor(got / info.blockAlign);
      for (let i = 0; i < n; i++) {
        re[i] = i < frames ? read(frameBytes, i * info.blockAlign + channel * info.bytesPerSample) * window[i] : 0;
        im[i] = 0;
      }
      fft(re, im);
      for (let b = 0; b < bins; b++) {
        const mag = Math.hypot(re[b], im[b]) / norm;
        const db = 20 * Math.log10(mag + 1e-12);
        data[col * bins + b] = Math.round(Math.max(0, Math.min(1, (db - FLOOR_DB) / -FLOOR_DB)) * 255);
      }
    }
  } finally {
    closeSync(fd);
  }
  return { startMs, endMs, columns, bins, maxHz: info.sampleRate / 2, data };
}

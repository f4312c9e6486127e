/** In-memory PCM helpers for runs: decode a WAV buffer to mono, resample, convert to PCM16, and write WAV files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { sampleReader } from '../../audio/sample-decoders';
import type { SampleEncoding } from '../../audio/wav-header';

/** The sample rate every run works at: the Realtime API's PCM16 rate. */
export const RUN_RATE = 24_000;

/** Mono audio as floats in [-1, 1]. */
export interface MonoAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** A WAV buffer that cannot be decoded. */
export class PcmError extends Error {}

function encodingOf(tag: number, bits: number): SampleEncoding | null {
  if (tag === 1 && [8, 16, 24, 32].includes(bits)) return 'pcm';
  if (tag === 3 && (bits === 32 || bits === 64)) return 'float';
  if (tag === 7 && bits === 8) return 'mulaw';
  if (tag === 6 && bits === 8) return 'alaw';
  return null;
}

/** Decodes a WAV held in memory and mixes its channels down to mono. */
export function decodeWav(buf: Buffer, name = 'audio'): MonoAudio {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new PcmError(`${name}: not a WAV file`);
  let pos = 12;
  let fmt: Buffer | null = null;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ') fmt = buf.subarray(body, body + size);
    if (id === 'data') {
      if (!fmt || fmt.length < 16) throw new PcmError(`${name}: data chunk before fmt chunk`);
      let tag = fmt.readUInt16LE(0);
      if (tag === 0xfffe && fmt.length >= 26) tag = fmt.readUInt16LE(24);
      const channels = fmt.readUInt16LE(2);
      const sampleRate = fmt.readUInt32LE(4);
      const bits = fmt.readUInt16LE(14);
      const encoding = encodingOf(tag, bits);
      if (!encoding || channels < 1 || sampleRate < 1) throw new PcmError(`${name}: unsupported WAV (format ${tag}, ${bits}-bit, ${channels} channels)`);
      const end = size === 0 || size === 0xffffffff ? buf.length : Math.min(buf.length, body + size);
      const width = bits / 8;
      const frames = Math.floor((end - body) / (width * channels));
      const read = sampleReader(encoding, bits);
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += read(buf, body + (i * channels + c) * width);
        samples[i] = sum / channels;
      }
      return { samples, sampleRate };
    }
    pos = body + size + (size % 2);
  }
  throw new PcmError(`${name}: no data chunk`);
}

/** Reads a WAV file as mono at `rate` (resampled when needed). */
export function readWavAt(path: string, rate = RUN_RATE): Float32Array {
  const audio = decodeWav(readFileSync(path), path);
  return resample(audio.samples, audio.sampleRate, rate);
}

/** Linear-interpolation resampling (adequate for speech sent to a model and for the recording). */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const n = Math.max(0, Math.round((samples.length * to) / from));
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return out;
}

/** Floats in [-1, 1] to little-endian signed 16-bit PCM bytes. */
export function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
  return out;
}

/** Little-endian signed 16-bit PCM bytes to floats in [-1, 1] (a trailing odd byte is dropped). */
export function fromPcm16(bytes: Buffer): Float32Array {
  const n = Math.floor(bytes.length / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
  return out;
}

/** The bytes of a 16-bit PCM WAV whose channel c holds `lanes[c]` (shorter lanes padded with silence). */
export function encodeWav(lanes: readonly Float32Array[], sampleRate: number): Buffer {
  const channels = lanes.length;
  const frames = Math.max(0, ...lanes.map((l) => l.length));
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const v = lanes[c][i] ?? 0;
      data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), (i * channels + c) * 2);
    }
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Writes a 16-bit PCM WAV file (see encodeWav). */
export function writeWav(path: string, lanes: readonly Float32Array[], sampleRate: number): void {
  writeFileSync(path, encodeWav(lanes, sampleRate));
}

/** Duration of `samples` at `rate`, in whole milliseconds. */
export function durationMs(samples: { length: number }, rate = RUN_RATE): number {
  return Math.round((samples.length / rate) * 1000);
}

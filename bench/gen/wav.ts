/** Writes 16-bit PCM WAV files of speech-like audio (alternating user/agent bursts), streamed chunk by chunk. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { prng } from '../lib/measure';

/** What to write. */
export interface WavSpec {
  seconds: number;
  sampleRate: number;
  channels: number;
  seed?: number;
}

/** The 44-byte canonical header of a 16-bit PCM WAV. */
export function wavHeader(frames: number, sampleRate: number, channels: number): Buffer {
  const blockAlign = channels * 2;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + frames * blockAlign, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(frames * blockAlign, 40);
  return h;
}

/**
 * Writes the WAV at `path`: each channel speaks in turn (2–6 s bursts of a noisy, amplitude-modulated tone, the other
 * channel quiet), never holding more than one second of samples. Returns the file's size in bytes.
 */
export function writeWav(path: string, spec: WavSpec): number {
  const { sampleRate, channels } = spec;
  const frames = Math.floor(spec.seconds * sampleRate);
  const rand = prng(spec.seed ?? 1);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, wavHeader(frames, sampleRate, channels));
    const block = new Int16Array(sampleRate * channels);
    let speaker = 0;
    let left = Math.floor((2 + rand() * 4) * sampleRate);
    let phase = 0;
    for (let f0 = 0; f0 < frames; f0 += sampleRate) {
      const n = Math.min(sampleRate, frames - f0);
      for (let i = 0; i < n; i++) {
        if (--left <= 0) {
          speaker = (speaker + 1) % channels;
          left = Math.floor((2 + rand() * 4) * sampleRate);
        }
        phase += 0.07;
        const envelope = 0.5 + 0.5 * Math.sin(phase * 0.01);
        const voice = Math.sin(phase) * 9000 * envelope + (rand() - 0.5) * 4000;
        for (let c = 0; c < channels; c++) {
          block[i * channels + c] = c === speaker ? voice : (rand() - 0.5) * 300;
        }
      }
      writeSync(fd, new Uint8Array(block.buffer, 0, n * channels * 2));
    }
  } finally {
    closeSync(fd);
  }
  return 44 + frames * channels * 2;
}

/** Cuts a time range out of a WAV file (any encoding the studio reads) and writes it as 16-bit PCM WAV bytes. */
import { closeSync, openSync, readSync } from 'node:fs';
import { readWavHeader } from './wav-header';
import { sampleReader } from './sample-decoders';

/** A cut clip: the WAV bytes and the range of the source it holds (clamped to the audio). */
export interface WavClip {
  wav: Buffer;
  startMs: number;
  endMs: number;
  sampleRate: number;
  channels: number;
}

const HEADER_BYTES = 44;

/** A canonical 44-byte RIFF/WAVE header for 16-bit PCM. */
export function pcm16Header(frames: number, channels: number, sampleRate: number): Buffer {
  const dataBytes = frames * channels * 2;
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
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
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** The frames [startMs, endMs) of `file`, clamped to its length, as 16-bit PCM WAV; every channel kept. */
export function cutWavClip(file: string, startMs: number, endMs: number): WavClip {
  const info = readWavHeader(file);
  const first = Math.max(0, Math.min(info.frames, Math.floor((startMs / 1000) * info.sampleRate)));
  const last = Math.max(first, Math.min(info.frames, Math.ceil((endMs / 1000) * info.sampleRate)));
  const frames = last - first;
  const raw = Buffer.alloc(frames * info.blockAlign);
  const fd = openSync(file, 'r');
  try {
    let got = 0;
    while (got < raw.length) {
      const n = readSync(fd, raw, got, raw.length - got, info.dataOffset + first * info.blockAlign + got);
      if (n === 0) break;
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  const out = Buffer.alloc(HEADER_BYTES + frames * info.channels * 2);
  pcm16Header(frames, info.channels, info.sampleRate).copy(out, 0);
  const read = sampleReader(info.encoding, info.bitsPerSample);
  const samples = frames * info.channels;
  for (let i = 0; i < samples; i++) {
    const v = read(raw, i * info.bytesPerSample);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32768))), HEADER_BYTES + i * 2);
  }
  const ms = (f: number) => Math.round((f / info.sampleRate) * 1000);
  return { wav: out, startMs: ms(first), endMs: ms(last), sampleRate: info.sampleRate, channels: info.channels };
}

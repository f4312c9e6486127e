/** Writes small WAV files of any encoding for tests. */
import { writeFileSync } from 'node:fs';

/** Options of a synthetic WAV. */
export interface WavSpec {
  sampleRate: number;
  channels: number;
  formatTag?: number;
  bitsPerSample: number;
  /** Raw sample bytes, interleaved. */
  data: Buffer;
  /** Overrides the data chunk's declared size (to make a lying header). */
  declaredDataBytes?: number;
  /** Write WAVE_FORMAT_EXTENSIBLE with this sub-format tag. */
  extensibleSubFormat?: number;
  /** Extra chunks before fmt (e.g. LIST). */
  leadingChunk?: boolean;
}

/** Builds the bytes of a WAV file. */
export function wavBytes(spec: WavSpec): Buffer {
  const blockAlign = (spec.channels * spec.bitsPerSample) / 8;
  const ext = spec.extensibleSubFormat !== undefined;
  const fmt = Buffer.alloc(ext ? 40 : 16);
  fmt.writeUInt16LE(ext ? 0xfffe : (spec.formatTag ?? 1), 0);
  fmt.writeUInt16LE(spec.channels, 2);
  fmt.writeUInt32LE(spec.sampleRate, 4);
  fmt.writeUInt32LE(spec.sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(spec.bitsPerSample, 14);
  if (ext) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(spec.bitsPerSample, 18);
    fmt.writeUInt16LE(spec.extensibleSubFormat!, 24);
  }
  const chunk = (id: string, body: Buffer, declared = body.length) => {
    const h = Buffer.alloc(8);
    h.write(id, 0, 'ascii');
    h.writeUInt32LE(declared, 4);
    return Buffer.concat([h, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const parts = [
    ...(spec.leadingChunk ? [chunk('LIST', Buffer.from('INFOtest'))] : []),
    chunk('fmt ', fmt),
    chunk('data', spec.data, spec.declaredDataBytes ?? spec.data.length),
  ];
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WAVE', 8, 'ascii');
  return Buffer.concat([head, body]);
}

/** Writes a 16-bit PCM WAV whose channel c holds `fn(frame, c)` in [-1, 1]. */
export function writePcm16(file: string, sampleRate: number, channels: number, frames: number, fn: (i: number, c: number) => number): void {
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, fn(i, c))) * 32767), (i * channels + c) * 2);
  writeFileSync(file, wavBytes({ sampleRate, channels, bitsPerSample: 16, data }));
}

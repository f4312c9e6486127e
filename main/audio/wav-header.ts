/** Reads a WAV file's header (RIFF chunks) without loading the samples, and checks it against the file. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Sample encodings the studio decodes itself. */
export type SampleEncoding = 'pcm' | 'float' | 'mulaw' | 'alaw';

/** What a WAV header says, checked against the file's real size. */
export interface WavInfo {
  encoding: SampleEncoding;
  bitsPerSample: number;
  bytesPerSample: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  dataOffset: number;
  dataBytes: number;
  frames: number;
  durationMs: number;
  format: string;
}

/** A WAV file that cannot be read, with the file named in the message. */
export class WavError extends Error {}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_ALAW = 6;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, position);
  return buf.subarray(0, n);
}

/** Parses the header of the WAV at `file`; throws WavError naming the file and the fault. */
export function readWavHeader(file: string): WavInfo {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const riff = readAt(fd, 0, 12);
    if (riff.length < 12 || riff.toString('ascii', 0, 4) !== 'RIFF' || riff.toString('ascii', 8, 12) !== 'WAVE') {
      throw new WavError(`${file}: not a WAV file (no RIFF/WAVE header)`);
    }
    let pos = 12;
    let fmt: Buffer | null = null;
    while (pos + 8 <= size) {
      const head = readAt(fd, pos, 8);
      const id = head.toString('ascii', 0, 4);
      const chunkSize = head.readUInt32LE(4);
      const body = pos + 8;
      if (id === 'fmt ') {
        if (chunkSize < 16 || body + chunkSize > size) throw new WavError(`${file}: fmt chunk is truncated`);
        fmt = readAt(fd, body, Math.min(chunkSize, 64));
      } else if (id === 'data') {
        if (!fmt) throw new WavError(`${file}: data chunk comes before the fmt chunk`);
        const available = size - body;
        const streamed = chunkSize === 0xffffffff || chunkSize === 0;
        if (!streamed && chunkSize > available) {
          throw new WavError(`${file}: header says the data chunk has ${chunkSize} bytes but the file holds only ${available} (truncated WAV)`);
        }
        return describe(file, fmt, body, streamed ? available : chunkSize);
      }
      pos = body + chunkSize + (chunkSize % 2);
    }
    throw new WavError(`${file}: no ${fmt ? 'data' : 'fmt'} chunk found (truncated WAV)`);
  } finally {
    closeSync(fd);
  }
}

function describe(file: string, fmt: Buffer, dataOffset: number, rawBytes: number): WavInfo {
  let tag = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const blockAlign = fmt.readUInt16LE(12);
  const bitsPerSample = fmt.readUInt16LE(14);
  if (tag === FORMAT_EXTENSIBLE) {
    if (fmt.length < 26) throw new WavError(`${file}: extensible fmt chunk is truncated`);
    tag = fmt.readUInt16LE(24);
  }
  const encoding = encodingOf(tag, bitsPerSample);
  if (!encoding) throw new WavError(`${file}: unsupported WAV encoding (format tag ${tag}, ${bitsPerSample}-bit)`);
  if (channels < 1) throw new WavError(`${file}: header says 0 channels`);
  if (sampleRate < 1) throw new WavError(`${file}: header says sample rate 0`);
  const bytesPerSample = bitsPerSample / 8;
  if (blockAlign !== channels * bytesPerSample) {
    throw new WavError(`${file}: header block align ${blockAlign} does not match ${channels} channels × ${bitsPerSample} bits`);
  }
  const frames = Math.floor(rawBytes / blockAlign);
  const label = encoding === 'pcm' ? `pcm_s${bitsPerSample}` : encoding === 'float' ? `float${bitsPerSample}` : encoding;
  return {
    encoding,
    bitsPerSample,
    bytesPerSample,
    channels,
    sampleRate,
    blockAlign,
    dataOffset,
    dataBytes: frames * blockAlign,
    frames,
    durationMs: Math.round((frames / sampleRate) * 1000),
    format: `wav/${label}`,
  };
}

function encodingOf(tag: number, bits: number): SampleEncoding | null {
  if (tag === FORMAT_PCM && [8, 16, 24, 32].includes(bits)) return 'pcm';
  if (tag === FORMAT_FLOAT && (bits === 32 || bits === 64)) return 'float';
  if (tag === FORMAT_MULAW && bits === 8) return 'mulaw';
  if (tag === FORMAT_ALAW && bits === 8) return 'alaw';
  return null;
}

/** Decoders from raw WAV sample bytes to amplitudes in [-1, 1], one per encoding and width. */
import type { SampleEncoding } from './wav-header';

/** Reads the amplitude of the sample at byte offset `at` of `buf`. */
export type SampleReader = (buf: Buffer, at: number) => number;

function g711Table(decode: (byte: number) => number): Float32Array {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) table[i] = decode(i) / 32768;
  return table;
}

/** ITU-T G.711 μ-law expansion of one byte to a 16-bit linear value. */
export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
}

/** ITU-T G.711 A-law expansion of one byte to a 16-bit linear value. */
export function alawToLinear(byte: number): number {
  const a = byte ^ 0x55;
  const sign = a & 0x80;
  const exponent = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  const magnitude = exponent === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
  return sign ? magnitude : -magnitude;
}

const MULAW = g711Table(mulawToLinear);
const ALAW = g711Table(alawToLinear);

/** The reader for samples of the given encoding and width. */
export function sampleReader(encoding: SampleEncoding, bits: number): SampleReader {
  switch (encoding) {
    case 'mulaw':
      return (b, i) => MULAW[b[i]];
    case 'alaw':
      return (b, i) => ALAW[b[i]];
    case 'float':
      return bits === 64 ? (b, i) => b.readDoubleLE(i) : (b, i) => b.readFloatLE(i);
    case 'pcm':
      if (bits === 8) return (b, i) => (b[i] - 128) / 128;
      if (bits === 16) return (b, i) => b.readInt16LE(i) / 32768;
      if (bits === 24) return (b, i) => b.readIntLE(i, 3) / 8388608;
      return (b, i) => b.readInt32LE(i) / 2147483648;
  }
}

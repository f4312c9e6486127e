import { describe, expect, it } from 'vitest';
import { alawToLinear, mulawToLinear, sampleReader } from './sample-decoders';

describe('G.711 expansion (ITU-T G.711 reference values)', () => {
  it('μ-law: 0xFF and 0x7F are ±0, 0x00 is the most negative, 0x80 the most positive', () => {
    expect(mulawToLinear(0xff)).toBe(0);
    expect(mulawToLinear(0x7f)).toBe(-0);
    expect(mulawToLinear(0x00)).toBe(-32124);
    expect(mulawToLinear(0x80)).toBe(32124);
    expect(mulawToLinear(0xf0)).toBe(120);
  });

  it('A-law: 0xD5 is the smallest positive step, 0xAA the largest', () => {
    expect(alawToLinear(0xd5)).toBe(8);
    expect(alawToLinear(0x55)).toBe(-8);
    expect(alawToLinear(0xaa)).toBe(32256);
    expect(alawToLinear(0x2a)).toBe(-32256);
  });
});

describe('sampleReader', () => {
  it('maps each PCM width to [-1, 1]', () => {
    const b = Buffer.alloc(4);
    b.writeInt16LE(-32768, 0);
    expect(sampleReader('pcm', 16)(b, 0)).toBe(-1);
    b.writeIntLE(4194304, 0, 3);
    expect(sampleReader('pcm', 24)(b, 0)).toBe(0.5);
    b.writeInt32LE(-1073741824, 0);
    expect(sampleReader('pcm', 32)(b, 0)).toBe(-0.5);
    expect(sampleReader('pcm', 8)(Buffer.from([192]), 0)).toBe(0.5);
    b.writeFloatLE(-0.25, 0);
    expect(sampleReader('float', 32)(b, 0)).toBe(-0.25);
  });
});

import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { crc32, encodePng } from './png';

/** The chunks of a PNG file: type, data, and whether the stored CRC matches. */
function chunks(png: Buffer): { type: string; data: Buffer; crcOk: boolean }[] {
  const out = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    const crcOk = png.readUInt32BE(at + 8 + len) === crc32(png.subarray(at + 4, at + 8 + len));
    out.push({ type, data, crcOk });
    at += 12 + len;
  }
  return out;
}

describe('encodePng', () => {
  it('computes CRC-32 as PNG does: the check value of "123456789" is 0xCBF43926 (ISO 3309 / ITU-T V.42)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes the signature, IHDR (size, 8-bit RGBA), one IDAT of filter-0 rows and IEND, every CRC right', () => {
    const rgba = new Uint8Array(3 * 2 * 4).map((_, i) => i * 10);
    const png = encodePng(3, 2, rgba);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const cs = chunks(png);
    expect(cs.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(cs.every((c) => c.crcOk)).toBe(true);
    const ihdr = cs[0].data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ...ihdr.subarray(8)]).toEqual([3, 2, 8, 6, 0, 0, 0]);
    const raw = inflateSync(cs[1].data);
    expect(raw.length).toBe(2 * (3 * 4 + 1));
    expect(raw[0]).toBe(0);
    expect([...raw.subarray(14, 26)]).toEqual([...rgba.subarray(12, 24)]);
  });

  it('refuses pixels that do not fill the size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(/15 bytes for 2×2/);
  });
});

import { describe, expect, it } from 'vitest';
import { silentWav } from './silent-wav';

describe('silentWav', () => {
  it('is a canonical WAV: RIFF/WAVE, PCM, 8 kHz mono 16-bit, sizes that match, all zeros', () => {
    const bytes = silentWav(400);
    const view = new DataView(bytes.buffer);
    const ascii = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
    expect([ascii(0, 4), ascii(8, 4), ascii(12, 4), ascii(36, 4)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect({
      format: view.getUint16(20, true),
      channels: view.getUint16(22, true),
      sampleRate: view.getUint32(24, true),
      byteRate: view.getUint32(28, true),
      blockAlign: view.getUint16(32, true),
      bitsPerSample: view.getUint16(34, true),
      dataBytes: view.getUint32(40, true),
    }).toEqual({ format: 1, channels: 1, sampleRate: 8000, byteRate: 16000, blockAlign: 2, bitsPerSample: 16, dataBytes: 800 });
    expect(bytes.length).toBe(44 + 800);
    expect(bytes.subarray(44).every((b) => b === 0)).toBe(true);
  });
});

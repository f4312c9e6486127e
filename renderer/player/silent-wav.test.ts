import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentWav } from './silent-wav';
import { readWavHeader } from '../../main/audio/wav-header';

describe('silentWav', () => {
  it('is a WAV the studio itself reads: 8 kHz mono 16-bit, all zeros', () => {
    const dir = mkdtempSync(join(tmpdir(), 'earshot-silence-'));
    try {
      const bytes = silentWav(400);
      writeFileSync(join(dir, 'silence.wav'), bytes);
      const info = readWavHeader(join(dir, 'silence.wav'));
      expect(info).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16, durationMs: 50 });
      expect(bytes.subarray(44).every((b) => b === 0)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

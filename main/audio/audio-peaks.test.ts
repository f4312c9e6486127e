import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeAudioPeaks, ffmpegAvailable } from './audio-peaks';
import { peaksToChannels } from './peaks';
import { writePcm16 } from '../../test-support/wav';

const dir = mkdtempSync(join(tmpdir(), 'earshot-ffmpeg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hasFfmpeg = ffmpegAvailable();

describe('computeAudioPeaks', () => {
  // ffmpeg is installed by .ci/run; on a machine without it only the "not installed" message can be checked.
  it.runIf(hasFfmpeg)('decodes FLAC and MP3 through ffmpeg, keeping channels, duration and where the sound is', async () => {
    const wav = join(dir, 'src.wav');
    writePcm16(wav, 16000, 2, 32000, (i, c) => (c === 0 && i < 16000 ? 0.8 * Math.sin(i / 4) : c === 1 && i >= 16000 ? 0.8 * Math.sin(i / 4) : 0));
    for (const ext of ['flac', 'mp3']) {
      const out = join(dir, `call.${ext}`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, out]);
      const p = await computeAudioPeaks(out);
      expect(p.info.format).toBe(ext);
      expect(p.info.channels).toBe(2);
      expect(p.info.durationMs).toBeGreaterThanOrEqual(1990);
      expect(p.info.durationMs).toBeLessThan(2100);
      const [user, agent] = peaksToChannels(p.data, 2);
      expect(Math.max(...user.slice(10, 90))).toBeGreaterThan(0.5);
      expect(Math.max(...user.slice(110, 190))).toBeLessThan(0.1);
      expect(Math.max(...agent.slice(110, 190))).toBeGreaterThan(0.5);
    }
  });

  it('says clearly when ffmpeg is missing, and when a format is unknown', async () => {
    const mp3 = join(dir, 'x.mp3');
    writeFileSync(mp3, 'not really');
    await expect(computeAudioPeaks(mp3, '/nonexistent/ffmpeg')).rejects.toThrow(/x\.mp3: mp3 audio needs ffmpeg, which is not installed/);
    await expect(computeAudioPeaks(join(dir, 'x.aiff'))).rejects.toThrow(/\.aiff audio is not supported/);
  });

  it.runIf(hasFfmpeg)('names the file when ffmpeg cannot decode it', async () => {
    const bad = join(dir, 'broken.flac');
    writeFileSync(bad, 'garbage bytes');
    await expect(computeAudioPeaks(bad)).rejects.toThrow(/broken\.flac: ffmpeg could not decode it/);
  });
});

describe('importing non-WAV call audio', () => {
  // ffmpeg is installed by .ci/run; without it the import refuses with the message tested above.
  it.runIf(hasFfmpeg)('imports an episode whose audio is FLAC: peaks from ffmpeg, hash of the FLAC itself', async () => {
    const { tempServices } = await import('../../test-support/temp-services');
    const { readGenericJsonl } = await import('../importers/generic/read-generic');
    const { writeBatch } = await import('../importers/write-batch');
    const { hashFile } = await import('./hash-file');
    const wav = join(dir, 'call-src.wav');
    writePcm16(wav, 8000, 2, 16000, (i, c) => (c === 0 ? 0.5 * Math.sin(i / 3) : 0));
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, join(dir, 'call.flac')]);
    const jsonl = join(dir, 'flac-study.jsonl');
    writeFileSync(jsonl, JSON.stringify({ schema: 'earshot-episode-v1', id: 'f1', audio: [{ path: 'call.flac', lanes: ['user', 'agent'] }] }));
    const t = await tempServices({ demo: false });
    try {
      await writeBatch(t.services.db, await readGenericJsonl(jsonl), { now: new Date() });
      const row = t.services.db.prepare('SELECT format, channels, duration_ms, sha256 FROM audio_assets').get() as { format: string; channels: number; duration_ms: number; sha256: string };
      expect(row).toMatchObject({ format: 'flac', channels: 2, duration_ms: 2000 });
      expect(row.sha256).toBe(await hashFile(join(dir, 'call.flac')));
    } finally {
      t.cleanup();
    }
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegAvailable } from './audio-peaks';
import { ffprobePath, probeAudio } from './probe-audio';

const dir = mkdtempSync(join(tmpdir(), 'earshot-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('probeAudio', () => {
  // ffmpeg (with ffprobe) is installed by .ci/run; without it only the refusals below can be checked.
  it.runIf(ffmpegAvailable())('reads channels, sample rate and duration from the header of a FLAC', () => {
    const flac = join(dir, 'low.flac');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=r=4000:d=1.5', '-ac', '2', flac]);
    expect(probeAudio(flac)).toEqual({ channels: 2, sampleRate: 4000, durationMs: 1500 });
  });

  it('gives null for a file that is not audio and when ffprobe is missing', () => {
    const junk = join(dir, 'junk.mp3');
    writeFileSync(junk, 'not really');
    expect(probeAudio(junk)).toBeNull();
    expect(probeAudio(junk, '/nonexistent/ffprobe')).toBeNull();
  });

  it('finds ffprobe by its own variable, beside the chosen ffmpeg, or on the PATH', () => {
    expect(ffprobePath({ EARSHOT_FFPROBE: '/opt/a/probe' })).toBe('/opt/a/probe');
    expect(ffprobePath({ EARSHOT_FFMPEG: '/opt/ff/bin/ffmpeg' })).toBe('/opt/ff/bin/ffprobe');
    expect(ffprobePath({ EARSHOT_FFMPEG: '/usr/local/bin/my-decoder' })).toBe('ffprobe');
    expect(ffprobePath({})).toBe('ffprobe');
  });
});

/** Peaks for any audio file: WAV is read directly; other formats are decoded by ffmpeg where it is installed. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { computePeaks, computePeaksAndHash, type Peaks } from './peaks';
import { hashFile } from './hash-file';
import { WavError } from './wav-header';

/** Extensions decoded through ffmpeg. */
export const FFMPEG_FORMATS = ['mp3', 'flac', 'ogg', 'opus', 'm4a', 'aac', 'webm'] as const;

/** The ffmpeg binary: $EARSHOT_FFMPEG or `ffmpeg` on the PATH. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.EARSHOT_FFMPEG ?? 'ffmpeg';
}

/** True when ffmpeg answers `-version`. */
export function ffmpegAvailable(binary = ffmpegPath()): boolean {
  return spawnSync(binary, ['-version'], { stdio: 'ignore' }).status === 0;
}

function decodeToWav(binary: string, file: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-v', 'error', '-nostdin', '-i', file, '-map', '0:a:0', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new WavError(`${file}: ffmpeg could not decode it: ${err.trim().split('\n').pop() ?? `exit ${code}`}`))));
  });
}

/** Computes the peaks of `file`; the format label is the file's own (e.g. `mp3`), the duration the decoded one. */
export async function computeAudioPeaks(file: string, binary = ffmpegPath()): Promise<Peaks> {
  const ext = extname(file).slice(1).toLowerCase();
  if (ext === 'wav' || ext === 'wave') return computePeaks(file);
  if (!(FFMPEG_FORMATS as readonly string[]).includes(ext)) {
    throw new WavError(`${file}: .${ext || '(none)'} audio is not supported; use WAV, or ${FFMPEG_FORMATS.join('/')} with ffmpeg installed`);
  }
  if (!ffmpegAvailable(binary)) {
    throw new WavError(`${file}: ${ext} audio needs ffmpeg, which is not installed; install ffmpeg or convert the file to WAV`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'earshot-decode-'));
  try {
    const wav = join(dir, `${basename(file)}.wav`);
    await decodeToWav(binary, file, wav);
    const peaks = await computePeaks(wav);
    return { ...peaks, info: { ...peaks.info, format: ext } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Peaks and the SHA-256 of the file's own bytes: one streamed read for WAV, ffmpeg decoding for other formats. */
export async function computeAudioPeaksAndHash(file: string, binary = ffmpegPath()): Promise<{ peaks: Peaks; sha256: string }> {
  const ext = extname(file).slice(1).toLowerCase();
  if (ext === 'wav' || ext === 'wave') return computePeaksAndHash(file);
  const [peaks, sha256] = await Promise.all([computeAudioPeaks(file, binary), hashFile(file)]);
  return { peaks, sha256 };
}

/** Audio files of an import checked for a sane header and against the limits: size, channels, rate, duration. */
import { statSync } from 'node:fs';
import { readWavHeader, WavError, type WavInfo } from '../audio/wav-header';
import { fileSizeProblem } from './file-size';
import { AUDIO_FILE, MAX_AUDIO_CHANNELS, MAX_AUDIO_DURATION_MS, MAX_SAMPLE_RATE, MIN_SAMPLE_RATE } from './limits';

/** What is wrong with audio of this header under the limits, or null when nothing is. */
export function wavLimitProblem(info: Pick<WavInfo, 'channels' | 'sampleRate' | 'durationMs'>): string | null {
  if (info.channels > MAX_AUDIO_CHANNELS) {
    return `header says ${info.channels} channels, more than the ${MAX_AUDIO_CHANNELS} an audio file may have`;
  }
  if (info.sampleRate < MIN_SAMPLE_RATE || info.sampleRate > MAX_SAMPLE_RATE) {
    const range = `${MIN_SAMPLE_RATE}–${MAX_SAMPLE_RATE} Hz`;
    return `header says ${info.sampleRate} Hz, outside the ${range} an audio file may have`;
  }
  if (info.durationMs > MAX_AUDIO_DURATION_MS) {
    const seconds = Math.round(info.durationMs / 1000);
    return `lasts ${seconds} s, more than the ${MAX_AUDIO_DURATION_MS / 3_600_000} h an audio file may last`;
  }
  return null;
}

/**
 * The header of the WAV at `path`, read as readWavHeader does (which refuses zero channels, a fmt or data chunk that
 * runs past the end of the file, a block size that does not match the channels, and no data chunk before the end),
 * and refused with a WavError naming the file when it is past a limit.
 */
export function readImportWavHeader(path: string): WavInfo {
  const tooLarge = fileSizeProblem(statSync(path).size, AUDIO_FILE);
  if (tooLarge) throw new WavError(`${path}: ${tooLarge}`);
  const info = readWavHeader(path);
  const problem = wavLimitProblem(info);
  if (problem) throw new WavError(`${path}: ${problem}`);
  return info;
}

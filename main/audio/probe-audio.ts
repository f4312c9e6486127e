/** The header facts of an audio file that ffmpeg decodes, read by ffprobe without decoding any of it. */
import { spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';

/** What ffprobe says of the first audio stream: channels, sample rate and duration (NaN when it gives none). */
export interface ProbedAudio {
  channels: number;
  sampleRate: number;
  durationMs: number;
}

/** The ffprobe binary: $EARSHOT_FFPROBE, else `ffprobe` beside $EARSHOT_FFMPEG, else `ffprobe` on the PATH. */
export function ffprobePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EARSHOT_FFPROBE) return env.EARSHOT_FFPROBE;
  const ffmpeg = env.EARSHOT_FFMPEG;
  return ffmpeg && basename(ffmpeg).startsWith('ffmpeg') ? join(dirname(ffmpeg), 'ffprobe') : 'ffprobe';
}

/** How long ffprobe may take to read a header. */
const PROBE_TIMEOUT_MS = 20_000;

const probeOutput = z.object({
  streams: z.array(z.object({ channels: z.number().optional(), sample_rate: z.string().optional() })).optional(),
  format: z.object({ duration: z.string().optional() }).optional(),
});

/** The first audio stream of `file` as its header declares it, or null when ffprobe is missing or cannot read it. */
export function probeAudio(file: string, binary = ffprobePath()): ProbedAudio | null {
  const entries = ['-show_entries', 'stream=channels,sample_rate:format=duration'];
  const run = spawnSync(binary, ['-v', 'error', '-select_streams', 'a:0', ...entries, '-of', 'json', file], {
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS,
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) return null;
  let parsed: z.infer<typeof probeOutput>;
  try {
    parsed = probeOutput.parse(JSON.parse(run.stdout));
  } catch {
    return null;
  }
  const stream = parsed.streams?.[0];
  if (stream?.channels === undefined || stream.sample_rate === undefined) return null;
  return {
    channels: stream.channels,
    sampleRate: Number(stream.sample_rate),
    durationMs: Number(parsed.format?.duration ?? NaN) * 1000,
  };
}

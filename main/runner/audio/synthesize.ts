/**
 * User audio for a turn: the set's own file, or speech synthesized with espeak-ng or an OpenAI-compatible
 * /v1/audio/speech, cached per run folder by text and voice so repeats and resumed runs replay identical audio.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireKey } from '../../llm/keys';
import { openaiClient } from '../../llm/openai-client';
import { withRetry, type RetryPolicy } from '../../llm/retry';
import type { SynthesisConfig } from '../set/schema';
import type { SetTurn } from '../set/types';
import { RUN_RATE, decodeWav, encodeWav, readWavAt, resample } from './pcm';

const run = promisify(execFile);

/** Speaks `text` with espeak-ng into a WAV file. */
async function espeak(text: string, config: Extract<SynthesisConfig, { engine: 'espeak-ng' }>, out: string): Promise<void> {
  try {
    await run('espeak-ng', ['-v', config.voice, '-s', String(config.wordsPerMinute), '-w', out, '--', text]);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(e.code === 'ENOENT' ? 'espeak-ng is not installed (apt-get install espeak-ng), and the turn has no audio' : `espeak-ng failed: ${e.message}`);
  }
}

/** Speaks `text` at an OpenAI-compatible speech endpoint; returns mono samples at 24 kHz. */
async function openaiSpeech(text: string, config: Extract<SynthesisConfig, { engine: 'openai' }>, policy: RetryPolicy, signal: AbortSignal): Promise<Float32Array> {
  const client = openaiClient(config.baseUrl, requireKey(config.apiKeyEnv, 'speech synthesis'));
  const bytes = await withRetry(
    'speech synthesis',
    async () => Buffer.from(await (await client.audio.speech.create({ model: config.model, voice: config.voice as 'alloy', input: text, response_format: 'wav' }, { signal })).arrayBuffer()),
    policy,
    signal,
  );
  const audio = decodeWav(bytes, 'synthesized speech');
  return resample(audio.samples, audio.sampleRate, RUN_RATE);
}

/** Supplies each user turn's audio at 24 kHz, synthesizing (and caching under `cacheDir`) what the set lacks. */
export class TurnAudio {
  constructor(
    private readonly synthesis: SynthesisConfig,
    private readonly cacheDir: string,
    private readonly policy: RetryPolicy,
  ) {}

  /** The cache file a text would be synthesized into. */
  cachePath(text: string): string {
    const key = createHash('sha256').update(JSON.stringify([this.synthesis, text])).digest('hex').slice(0, 24);
    return join(this.cacheDir, `${key}.wav`);
  }

  /** The turn's audio: its file, or cached or fresh synthesis. */
  async forTurn(turn: SetTurn, signal: AbortSignal): Promise<Float32Array> {
    if (turn.audioPath) return readWavAt(turn.audioPath);
    const cached = this.cachePath(turn.text);
    if (existsSync(cached)) return readWavAt(cached);
    mkdirSync(this.cacheDir, { recursive: true });
    const tmp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    if (this.synthesis.engine === 'espeak-ng') {
      await espeak(turn.text, this.synthesis, tmp);
      writeFileSync(tmp, encodeWav([readWavAt(tmp)], RUN_RATE));
    } else {
      writeFileSync(tmp, encodeWav([await openaiSpeech(turn.text, this.synthesis, this.policy, signal)], RUN_RATE));
    }
    renameSync(tmp, cached);
    return readWavAt(cached);
  }
}

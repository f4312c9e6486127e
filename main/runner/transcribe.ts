/** Transcribes the agent's audio of a turn with word timestamps (/v1/audio/transcriptions, verbose_json, words). */
import { toFile } from 'openai';
import { z } from 'zod';
import type { WordTiming } from '../../shared/domain';
import { RUN_RATE, encodeWav } from './audio/pcm';
import { requireKey } from '../llm/keys';
import { openaiClient } from '../llm/openai-client';
import { withRetry, type RetryPolicy } from '../llm/retry';

/** The part of a verbose_json transcription we use, checked at the HTTP boundary. */
const verbose = z.looseObject({
  text: z.string(),
  words: z.array(z.looseObject({ word: z.string(), start: z.number().finite(), end: z.number().finite() })).optional(),
});

/** The agent's words with times relative to the start of its audio, ms; `words` null when the endpoint gave none. */
export interface AgentTranscript {
  text: string;
  words: WordTiming[] | null;
}

/** Where and how to transcribe agent audio. */
export interface TranscriberConfig {
  model: string;
  baseUrl: string;
  apiKeyEnv: string | null;
  language?: string;
  /** Which transcript the agent turn (and the judge) reads: the endpoint's (default) or the vendor's. */
  judgeReads: 'transcript' | 'vendor';
}

/** Transcribes one agent reply. */
export async function transcribeAgent(audio: Float32Array, config: TranscriberConfig, policy: RetryPolicy, signal: AbortSignal): Promise<AgentTranscript> {
  const client = openaiClient(config.baseUrl, requireKey(config.apiKeyEnv, 'agent transcription'));
  const wav = encodeWav([audio], RUN_RATE);
  const raw = await withRetry(
    'agent transcription',
    async () =>
      client.audio.transcriptions.create(
        { file: await toFile(wav, 'agent.wav', { type: 'audio/wav' }), model: config.model, response_format: 'verbose_json', timestamp_granularities: ['word'], ...(config.language ? { language: config.language } : {}) },
        { signal },
      ),
    policy,
    signal,
  );
  const parsed = verbose.safeParse(raw);
  if (!parsed.success) throw new Error(`agent transcription: unexpected response (${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message})`);
  const words = parsed.data.words?.map((w) => ({ text: w.word, startMs: Math.round(w.start * 1000), endMs: Math.round(w.end * 1000) })) ?? null;
  return { text: parsed.data.text.trim(), words };
}

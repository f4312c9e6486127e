/**
 * A cascade at any OpenAI-compatible base URL, through the real `openai` client: the user's audio is transcribed
 * (/v1/audio/transcriptions), answered (/v1/chat/completions) and spoken (/v1/audio/speech, streamed; the first body
 * chunk is the first agent audio).
 */
import { toFile } from 'openai';
import type OpenAI from 'openai';
import { RUN_RATE, decodeWav, encodeWav, fromPcm16, resample } from '../audio/pcm';
import { openaiClient } from '../../llm/openai-client';
import { withRetry } from '../../llm/retry';
import type { CascadeConfig } from './config';
import { now, policyOf, type AgentReply, type SessionContext, type SystemSession, type SystemUnderTest, type UserTurnInput } from './types';

/** A chat history with the session's system messages first. */
export type ChatHistory = { role: 'system' | 'user' | 'assistant'; content: string }[];

/** The opening messages of a chat session: instructions, then the document item when delivered that way. */
export function openingMessages(ctx: SessionContext): ChatHistory {
  return [{ role: 'system', content: ctx.instructions }, ...(ctx.contextItem ? [{ role: 'system' as const, content: ctx.contextItem }] : [])];
}

/** Reads a streamed body, noting when its first chunk arrived. */
async function readStreamed(res: Response): Promise<{ bytes: Buffer; firstChunkAt: number }> {
  const reader = res.body!.getReader();
  const parts: Buffer[] = [];
  let firstChunkAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstChunkAt && value.length) firstChunkAt = now();
    parts.push(Buffer.from(value));
  }
  return { bytes: Buffer.concat(parts), firstChunkAt: firstChunkAt || now() };
}

class CascadeSession implements SystemSession {
  private readonly history: ChatHistory;
  private readonly retry: <T>(what: string, fn: () => Promise<T>) => Promise<T>;

  constructor(
    private readonly client: OpenAI,
    private readonly config: CascadeConfig,
    private readonly ctx: SessionContext,
  ) {
    this.history = openingMessages(ctx);
    this.retry = (what, fn) => withRetry(what, fn, policyOf(config), ctx.signal, (n) => ctx.onRetry?.(`${n.what}: ${n.error}; retry ${n.attempt} in ${n.delayMs} ms`));
  }

  async inject(text: string): Promise<void> {
    this.history.push({ role: 'system', content: text });
  }

  async turn(input: UserTurnInput): Promise<AgentReply> {
    if (!input.pcm) throw new Error('cascade systems need user audio');
    const { client, config, ctx } = this;
    const signal = ctx.signal;
    const endOfUser = now();
    const wav = encodeWav([input.pcm], RUN_RATE);
    const heard = await this.retry('transcription', async () => {
      const file = await toFile(wav, 'turn.wav', { type: 'audio/wav' });
      const res = await client.audio.transcriptions.create({ file, model: config.stt.model, ...(config.stt.language ? { language: config.stt.language } : {}) }, { signal });
      return res.text.trim();
    });
    this.history.push({ role: 'user', content: heard });
    const answer = await this.retry('chat', async () => {
      const res = await client.chat.completions.create(
        { model: config.llm.model, messages: this.history, ...(config.llm.temperature !== undefined ? { temperature: config.llm.temperature } : {}), ...(config.llm.maxTokens ? { max_tokens: config.llm.maxTokens } : {}) },
        { signal },
      );
      return (res.choices[0]?.message?.content ?? '').trim();
    });
    this.history.push({ role: 'assistant', content: answer });
    const warnings: string[] = [];
    if (!answer) warnings.push('the chat model returned an empty answer; nothing was spoken');
    const spoken = answer
      ? await this.retry('speech', async () => {
          const res = await client.audio.speech.create({ model: config.tts.model, voice: config.tts.voice as 'alloy', input: answer, response_format: config.tts.format }, { signal });
          return readStreamed(res);
        })
      : null;
    const end = now();
    let audio: Float32Array | null = null;
    if (spoken) {
      if (config.tts.format === 'pcm') audio = fromPcm16(spoken.bytes);
      else {
        const decoded = decodeWav(spoken.bytes, 'speech response');
        audio = resample(decoded.samples, decoded.sampleRate, RUN_RATE);
      }
    }
    return {
      text: answer,
      audio,
      firstAudioDelayMs: spoken ? Math.round(spoken.firstChunkAt - endOfUser) : null,
      responseMs: Math.round(end - endOfUser),
      heard,
      warnings,
    };
  }

  close(): void {}
}

/** The cascade system of a config. */
export function cascadeSystem(config: CascadeConfig): SystemUnderTest {
  return {
    config,
    audio: true,
    async open(ctx) {
      return new CascadeSession(openaiClient(config.baseUrl, ctx.apiKey, config.responseTimeoutMs), config, ctx);
    },
  };
}

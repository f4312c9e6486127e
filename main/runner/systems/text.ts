/** The text-only baseline: the same prompt and question as text to chat completions (VERA's text upper bound). */
import type OpenAI from 'openai';
import { openaiClient } from '../../llm/openai-client';
import { withRetry } from '../../llm/retry';
import { openingMessages, type ChatHistory } from './cascade';
import type { TextConfig } from './config';
import { now, policyOf, type AgentReply, type SessionContext, type SystemSession, type SystemUnderTest, type UserTurnInput } from './types';

class TextSession implements SystemSession {
  private readonly history: ChatHistory;

  constructor(
    private readonly client: OpenAI,
    private readonly config: TextConfig,
    private readonly ctx: SessionContext,
  ) {
    this.history = openingMessages(ctx);
  }

  async inject(text: string): Promise<void> {
    this.history.push({ role: 'system', content: text });
  }

  async turn(input: UserTurnInput): Promise<AgentReply> {
    const { client, config, ctx } = this;
    const started = now();
    this.history.push({ role: 'user', content: input.text });
    const answer = await withRetry(
      'chat',
      async () => {
        const res = await client.chat.completions.create(
          { model: config.model, messages: this.history, ...(config.temperature !== undefined ? { temperature: config.temperature } : {}), ...(config.maxTokens ? { max_tokens: config.maxTokens } : {}) },
          { signal: ctx.signal },
        );
        return (res.choices[0]?.message?.content ?? '').trim();
      },
      policyOf(config),
      ctx.signal,
      (n) => ctx.onRetry?.(`${n.what}: ${n.error}; retry ${n.attempt} in ${n.delayMs} ms`),
    );
    this.history.push({ role: 'assistant', content: answer });
    return { text: answer, audio: null, firstAudioDelayMs: null, responseMs: Math.round(now() - started), heard: null, warnings: [] };
  }

  close(): void {}
}

/** The text baseline of a config. */
export function textSystem(config: TextConfig): SystemUnderTest {
  return {
    config,
    audio: false,
    async open(ctx) {
      return new TextSession(openaiClient(config.baseUrl, ctx.apiKey, config.responseTimeoutMs), config, ctx);
    },
  };
}

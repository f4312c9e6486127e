/** Asks the judge model one templated question N times (the votes), through the real `openai` client with retries. */
import type OpenAI from 'openai';
import { z } from 'zod';
import { openaiClient } from '../llm/openai-client';
import { withRetry } from '../llm/retry';
import { requireKey } from '../llm/keys';
import type { JudgeConfig } from './config';
import { render, type PromptTemplate } from './templates';

/** Asks templated questions of one judge model. */
export class JudgeModel {
  private readonly client: OpenAI;

  constructor(
    readonly config: JudgeConfig,
    private readonly onRetry?: (message: string) => void,
  ) {
    this.client = openaiClient(config.baseUrl, requireKey(config.apiKeyEnv, `judge ${config.id}`), config.requestTimeoutMs);
  }

  /** The raw replies of `config.votes` independent samples. */
  async votes(template: PromptTemplate, vars: Record<string, string>, signal: AbortSignal): Promise<string[]> {
    const messages = [
      { role: 'system' as const, content: render(template.system, vars, template.file) },
      { role: 'user' as const, content: render(template.user, vars, template.file) },
    ];
    const { config } = this;
    const one = () =>
      withRetry(
        `judge ${template.id}`,
        async () => {
          const res = await this.client.chat.completions.create({ model: config.model, messages, temperature: config.temperature, max_tokens: config.maxTokens }, { signal });
          return res.choices[0]?.message?.content ?? '';
        },
        { retries: config.retries, baseMs: config.retryBaseMs, maxMs: config.retryMaxMs },
        signal,
        (n) => this.onRetry?.(`${n.what}: ${n.error}; retry ${n.attempt} in ${n.delayMs} ms`),
      );
    return Promise.all(Array.from({ length: config.votes }, one));
  }
}

/** VERA's triad reply: A → CORRECT, B → INCORRECT, C → NOT_ATTEMPTED; anything else counts as INCORRECT, as VERA's grader does. */
export function parseTriad(reply: string): { label: 'CORRECT' | 'INCORRECT' | 'NOT_ATTEMPTED'; parsed: boolean } {
  const c = reply.trim().replace(/^[*"'`(\s]+/, '').toUpperCase();
  if (c.startsWith('A')) return { label: 'CORRECT', parsed: true };
  if (c.startsWith('B')) return { label: 'INCORRECT', parsed: true };
  if (c.startsWith('C')) return { label: 'NOT_ATTEMPTED', parsed: true };
  return { label: 'INCORRECT', parsed: false };
}

/** The first JSON object in a reply (fenced or bare), validated; null when there is none or it does not fit. */
export function parseJsonReply<S extends z.ZodType>(reply: string, schema: S): z.output<S> | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const res = schema.safeParse(JSON.parse(reply.slice(start, end + 1)));
    return res.success ? res.data : null;
  } catch {
    return null;
  }
}

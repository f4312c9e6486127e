/** The judge config file (JSON), validated with zod: an OpenAI-compatible chat endpoint, votes, and where the prompts are. */
import { z } from 'zod';
import { baseUrl, keyEnv, loadConfig } from '../llm/config';

/** A judge: which model grades, how many votes, and with which templates. */
export const judgeConfig = z
  .object({
    id: z.string().min(1).max(80).regex(/^[^\s]+$/, 'no spaces'),
    description: z.string().max(500).default(''),
    baseUrl,
    apiKeyEnv: keyEnv,
    model: z.string().min(1),
    /** Independent samples per question; the majority wins. */
    votes: z.number().int().min(1).max(15).default(3),
    temperature: z.number().min(0).max(2).default(0.7),
    maxTokens: z.number().int().min(16).max(8192).default(512),
    /** A folder laid out like resources/judge-prompts, to use edited templates. */
    promptsDir: z.string().min(1).optional(),
    /** Judge every episode as this benchmark instead of its own. */
    benchmark: z.enum(['vera', 'dsb-dg', 'generic']).optional(),
    /** Also classify VERA failures into the 16 categories (+ OTHER). */
    classifyFailures: z.boolean().default(true),
    concurrency: z.number().int().min(1).max(32).default(4),
    retries: z.number().int().min(0).max(10).default(4),
    retryBaseMs: z.number().int().min(1).max(60_000).default(500),
    retryMaxMs: z.number().int().min(1).max(300_000).default(30_000),
    requestTimeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  })
  .strict();

/** A parsed judge config. */
export type JudgeConfig = z.output<typeof judgeConfig>;

/** Reads and validates a judge config from a file path or an inline object. */
export function loadJudgeConfig(source: string | Record<string, unknown>): JudgeConfig {
  return loadConfig(judgeConfig, source, 'judge config');
}

/** The system-under-test config file (JSON), validated with zod; documented in docs/runner.md. Keys never live here. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** An environment variable name holding an API key, or null for an endpoint that needs none. */
export const keyEnv = z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/, 'must be an environment variable name like OPENAI_API_KEY').nullable().default('OPENAI_API_KEY');
/** An OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1. */
export const baseUrl = z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1');

/** Instructions used when a config gives none. */
export const DEFAULT_INSTRUCTIONS = 'You are a helpful voice assistant. Answer the caller briefly and directly.';

const transcriber = z
  .object({
    model: z.string().min(1),
    /** Defaults to the system's baseUrl and apiKeyEnv. */
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/).nullable().optional(),
    language: z.string().min(2).max(8).optional(),
  })
  .strict();

const common = {
  id: z.string().min(1).max(80).regex(/^[^\s@#/\\]+$/, 'no spaces, @, #, / or \\ (it is part of episode ids)'),
  description: z.string().max(500).default(''),
  baseUrl,
  apiKeyEnv: keyEnv,
  instructions: z.string().max(20_000).default(DEFAULT_INSTRUCTIONS),
  /** How the document reaches the agent: inside the session instructions, or as a separate conversation item. */
  documentDelivery: z.enum(['instructions', 'item']).default('instructions'),
  retries: z.number().int().min(0).max(10).default(3),
  retryBaseMs: z.number().int().min(1).max(60_000).default(500),
  retryMaxMs: z.number().int().min(1).max(300_000).default(30_000),
  responseTimeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  /** Silence between the end of an agent reply and the next user turn in the recording, ms. */
  turnGapMs: z.number().int().min(0).max(10_000).default(400),
  /** Episodes run at once. */
  concurrency: z.number().int().min(1).max(32).default(2),
  /** Transcribe the agent's audio (verbose_json, word timestamps) for word timings; null to skip. */
  transcribeAgent: transcriber.nullable().default(null),
};

/** The OpenAI Realtime API over WebSocket. */
export const realtimeConfig = z
  .object({
    kind: z.literal('realtime'),
    ...common,
    model: z.string().min(1),
    voice: z.string().min(1).default('alloy'),
    /** `ga` event names (response.output_audio.delta …) or the `beta` ones (OpenAI-Beta: realtime=v1). */
    protocol: z.enum(['ga', 'beta']).default('ga'),
    /** 1 streams user audio in real time; larger streams that many times faster; "max" sends it at once. */
    pace: z.union([z.number().min(1).max(1000), z.literal('max')]).default(1),
    chunkMs: z.number().int().min(10).max(1000).default(100),
  })
  .strict();

/** Transcription → chat completions → speech at any OpenAI-compatible base URL. */
export const cascadeConfig = z
  .object({
    kind: z.literal('cascade'),
    ...common,
    stt: z.object({ model: z.string().min(1), language: z.string().min(2).max(8).optional() }).strict(),
    llm: z.object({ model: z.string().min(1), temperature: z.number().min(0).max(2).optional(), maxTokens: z.number().int().min(1).max(32_000).optional() }).strict(),
    tts: z.object({ model: z.string().min(1), voice: z.string().min(1).default('alloy'), format: z.enum(['wav', 'pcm']).default('wav') }).strict(),
  })
  .strict();

/** The text-only baseline: the same prompt as text to chat completions (VERA's text upper bound). */
export const textConfig = z
  .object({
    kind: z.literal('text'),
    ...common,
    model: z.string().min(1),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().min(1).max(32_000).optional(),
  })
  .strict();

/** Any system config. */
export const systemConfig = z.discriminatedUnion('kind', [realtimeConfig, cascadeConfig, textConfig]);

/** A parsed system config. */
export type SystemConfig = z.output<typeof systemConfig>;
/** A parsed Realtime config. */
export type RealtimeConfig = z.output<typeof realtimeConfig>;
/** A parsed cascade config. */
export type CascadeConfig = z.output<typeof cascadeConfig>;
/** A parsed text-baseline config. */
export type TextConfig = z.output<typeof textConfig>;

/** A config that fails validation, naming the file and the field. */
export class ConfigError extends Error {}

const SECRET_KEYS = /^(api_?key|apiKey|key|token|secret|authorization)$/i;

function findSecret(value: unknown, path: string[] = []): string | null {
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(k)) return [...path, k].join('.');
    const inner = findSecret(v, [...path, k]);
    if (inner) return inner;
  }
  return null;
}

/** Validates a config object with any zod schema; `name` names it in errors; an inline key is refused. */
export function parseConfig<S extends z.ZodType>(schema: S, raw: unknown, name: string): z.output<S> {
  const secret = findSecret(raw);
  if (secret) throw new ConfigError(`${name}: ${secret}: API keys are never read from config files; name an environment variable in apiKeyEnv instead`);
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].join('.') || '(config)';
  throw new ConfigError(`${name}: ${path}: ${keys.length ? 'unknown field (see docs/runner.md)' : issue.message}`);
}

/** Reads a JSON config from a file path, or takes an inline object, and validates it. */
export function loadConfig<S extends z.ZodType>(schema: S, source: string | Record<string, unknown>, what: string): z.output<S> {
  if (typeof source !== 'string') return parseConfig(schema, source, what);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(source, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${source}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `not valid JSON (${(err as Error).message})`}`);
  }
  return parseConfig(schema, raw, source);
}

/** Reads and validates a system config. */
export function loadSystemConfig(source: string | Record<string, unknown>): SystemConfig {
  return loadConfig(systemConfig, source, 'system config');
}

/** The config as stored with a run: everything but nothing secret (there is nothing secret in it by construction). */
export function storableConfig(config: SystemConfig): string {
  return JSON.stringify(config);
}

/** The config of a Gemini Live system (kind `gemini-live`), validated with zod; documented in docs/runner.md. */
import { z } from 'zod';
import { keyEnv } from '../../llm/config';
import { urlSecretProblem } from '../../llm/url-secrets';

/** Where the Gemini Live API lives; the WebSocket path is appended (see geminiLiveUrl). */
export const GEMINI_BASE_URL = 'wss://generativelanguage.googleapis.com';

/** A ws(s) or http(s) base URL without a secret in it (the key is added at run time, never stored). */
const liveBaseUrl = z.url({ protocol: /^(wss?|https?)$/ }).superRefine((url, ctx) => {
  const problem = urlSecretProblem(url);
  if (problem)
    ctx.addIssue({ code: 'custom', message: `${problem}; name an environment variable in apiKeyEnv instead` });
});

const sensitivity = z.enum(['high', 'low']);

/** Server-side voice activity detection settings (realtimeInputConfig.automaticActivityDetection). */
const automaticDetection = z
  .object({
    startSensitivity: sensitivity.optional(),
    endSensitivity: sensitivity.optional(),
    prefixPaddingMs: z.number().int().min(0).max(10_000).optional(),
    silenceDurationMs: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

/** The fields only Gemini Live has; `common` (id, retries, timeouts, …) is spread in by config.ts. */
export const geminiLiveFields = {
  kind: z.literal('gemini-live'),
  baseUrl: liveBaseUrl.default(GEMINI_BASE_URL),
  apiKeyEnv: keyEnv.unwrap().default('GEMINI_API_KEY'),
  /** `query` sends the key as ?key= (as the Live API's WebSocket guide shows); `header` as x-goog-api-key. */
  keyIn: z.enum(['query', 'header']).default('query'),
  apiVersion: z.enum(['v1beta', 'v1alpha']).default('v1beta'),
  model: z.string().min(1),
  voice: z.string().min(1).default('Puck'),
  languageCode: z.string().min(2).max(16).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** `manual`: the client marks each turn with activityStart / activityEnd; `automatic`: the server's VAD decides. */
  activityDetection: z.enum(['manual', 'automatic']).default('manual'),
  /** Only with automatic detection. */
  automatic: automaticDetection.default({}),
  /** Ask for the server's transcripts of what it heard and of what it said. */
  inputTranscription: z.boolean().default(true),
  outputTranscription: z.boolean().default(true),
  /** 1 streams user audio in real time; larger streams that many times faster; "max" sends it at once. */
  pace: z.union([z.number().min(1).max(1000), z.literal('max')]).default(1),
  chunkMs: z.number().int().min(10).max(1000).default(100),
};

/** A parsed Gemini Live config's own fields, as the system reads them. */
export interface GeminiLiveSettings {
  baseUrl: string;
  keyIn: 'query' | 'header';
  apiVersion: 'v1beta' | 'v1alpha';
  model: string;
  voice: string;
  languageCode?: string;
  temperature?: number;
  activityDetection: 'manual' | 'automatic';
  automatic: z.output<typeof automaticDetection>;
  inputTranscription: boolean;
  outputTranscription: boolean;
  pace: number | 'max';
  chunkMs: number;
  responseTimeoutMs: number;
}

/** The BidiGenerateContent WebSocket URL under a base URL (http → ws, https → wss); the key is not in it. */
export function geminiLiveUrl(baseUrl: string, apiVersion: string): string {
  const service = `google.ai.generativelanguage.${apiVersion}.GenerativeService`;
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/ws/${service}.BidiGenerateContent`);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.protocol === 'http:') url.protocol = 'ws:';
  return url.toString();
}

/** The system-under-test config file (JSON), validated with zod; documented in docs/runner.md. Keys never live here. */
import { z } from 'zod';
import { baseUrl, endpointUrl, keyEnv, loadConfig } from '../../llm/config';
import { geminiLiveFields } from './gemini-live-config';

/** Instructions used when a config gives none. */
export const DEFAULT_INSTRUCTIONS = 'You are a helpful voice assistant. Answer the caller briefly and directly.';

const transcriber = z
  .object({
    model: z.string().min(1),
    /** Defaults to the system's baseUrl and apiKeyEnv. */
    baseUrl: endpointUrl.optional(),
    apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/).nullable().optional(),
    language: z.string().min(2).max(8).optional(),
    /** What the agent turn's text (and so the judge) reads: this transcript, or the system's own. */
    judgeReads: z.enum(['transcript', 'vendor']).default('transcript'),
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
  /** Transcribe the agent's audio (verbose_json, word timestamps) before judging; null to skip. */
  transcribeAgent: transcriber.nullable().default(null),
};

/** What a full-duplex session's server decides turns with: its voice activity detector, or its semantic one. */
export const turnDetectionConfig = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('server_vad'),
      /** Activation threshold, 0–1 (the server's default 0.5). */
      threshold: z.number().min(0).max(1).optional(),
      prefixPaddingMs: z.number().int().min(0).max(5000).optional(),
      /** Silence that ends the caller's turn, ms (the server's default 500). */
      silenceDurationMs: z.number().int().min(0).max(10_000).optional(),
      /** Whether the server cancels its response when the caller starts speaking (default true). */
      interruptResponse: z.boolean().default(true),
    })
    .strict(),
  z
    .object({
      type: z.literal('semantic_vad'),
      eagerness: z.enum(['low', 'medium', 'high', 'auto']).default('auto'),
      interruptResponse: z.boolean().default(true),
    })
    .strict(),
]);

/** A parsed turn-detection setting. */
export type TurnDetectionConfig = z.output<typeof turnDetectionConfig>;

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
    pace: z.union([z.number().min(0.1).max(1000), z.literal('max')]).default(1),
    chunkMs: z.number().int().min(10).max(1000).default(100),
    /** null: the client decides turns (commit + response.create); else full duplex, the server's detector decides. */
    turnDetection: turnDetectionConfig.nullable().default(null),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!c.turnDetection) {
      if (c.pace !== 'max' && c.pace < 1) ctx.addIssue({ code: 'custom', path: ['pace'], message: 'must be 1 or more' });
      return;
    }
    if (c.pace === 'max' || c.pace > 1) {
      ctx.addIssue({ code: 'custom', path: ['pace'], message: 'full duplex streams in real time: pace must be 1 (or less)' });
    }
    if (c.chunkMs < 20 || c.chunkMs > 100) {
      ctx.addIssue({ code: 'custom', path: ['chunkMs'], message: 'full duplex streams 20–100 ms chunks' });
    }
  });

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

/** The Gemini Live API (BidiGenerateContent over WebSocket); its agent transcriber must name its own endpoint. */
export const geminiLiveConfig = z
  .object({ ...common, ...geminiLiveFields })
  .strict()
  .superRefine((c, ctx) => {
    const t = c.transcribeAgent;
    if (t && (t.baseUrl === undefined || t.apiKeyEnv === undefined)) {
      const message = 'give baseUrl and apiKeyEnv (an OpenAI-compatible endpoint; the Gemini Live URL is not one)';
      const field = t.baseUrl === undefined ? 'baseUrl' : 'apiKeyEnv';
      ctx.addIssue({ code: 'custom', path: ['transcribeAgent', field], message });
    }
  });

/** Any system config. */
export const systemConfig = z.discriminatedUnion('kind', [realtimeConfig, cascadeConfig, textConfig, geminiLiveConfig]);

/** A parsed system config. */
export type SystemConfig = z.output<typeof systemConfig>;
/** A parsed Realtime config. */
export type RealtimeConfig = z.output<typeof realtimeConfig>;
/** A parsed cascade config. */
export type CascadeConfig = z.output<typeof cascadeConfig>;
/** A parsed Gemini Live config. */
export type GeminiLiveConfig = z.output<typeof geminiLiveConfig>;
/** A parsed text-baseline config. */
export type TextConfig = z.output<typeof textConfig>;

/** Reads and validates a system config. */
export function loadSystemConfig(source: string | Record<string, unknown>): SystemConfig {
  return loadConfig(systemConfig, source, 'system config');
}

/** The config as stored with a run: everything but nothing secret (there is nothing secret in it by construction). */
export function storableConfig(config: SystemConfig): string {
  return JSON.stringify(config);
}

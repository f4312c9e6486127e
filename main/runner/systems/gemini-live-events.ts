/**
 * Server messages of the Gemini Live API (BidiGenerateContentServerMessage) that the client acts on, validated at the
 * WebSocket boundary. The service sends JSON in text frames and in binary frames; both are read as UTF-8 JSON.
 */
import { z } from 'zod';

const transcription = z.looseObject({ text: z.string().optional(), finished: z.boolean().optional() });

const part = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  inlineData: z.looseObject({ mimeType: z.string(), data: z.string().regex(/^[A-Za-z0-9+/_-]*={0,2}$/) }).optional(),
});

/** serverContent: the model's turn (audio and text parts), transcriptions and the turn's end or interruption. */
const serverContent = z.looseObject({
  modelTurn: z.looseObject({ role: z.string().optional(), parts: z.array(part).optional() }).optional(),
  outputTranscription: transcription.optional(),
  inputTranscription: transcription.optional(),
  generationComplete: z.boolean().optional(),
  turnComplete: z.boolean().optional(),
  interrupted: z.boolean().optional(),
});

const tokenCount = z.number().int().min(0).optional();

/** usageMetadata: token counts of the session so far. */
const usageMetadata = z.looseObject({
  promptTokenCount: tokenCount,
  responseTokenCount: tokenCount,
  totalTokenCount: tokenCount,
});

/** The acted-on members of a server message; a message may carry usageMetadata beside one of the others. */
const serverMessage = z.looseObject({
  setupComplete: z.looseObject({}).optional(),
  serverContent: serverContent.optional(),
  usageMetadata: usageMetadata.optional(),
  goAway: z.looseObject({ timeLeft: z.string().optional() }).optional(),
});

/** A validated server message. */
export type GeminiServerMessage = z.output<typeof serverMessage>;
/** The serverContent of a message. */
export type GeminiServerContent = z.output<typeof serverContent>;
/** Token counts reported by the server. */
export type GeminiUsage = z.output<typeof usageMetadata>;

/** A parsed frame, or why it was dropped. */
export type ParsedGeminiMessage = { ok: true; message: GeminiServerMessage } | { ok: false; problem: string };

/** Parses one WebSocket frame (text or binary): a JSON object whose acted-on members match their schema. */
export function parseGeminiMessage(frame: string): ParsedGeminiMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, problem: `malformed Gemini Live message (not JSON): ${frame.slice(0, 60)}` };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, problem: 'malformed Gemini Live message (not an object)' };
  }
  const res = serverMessage.safeParse(raw);
  if (!res.success) {
    const issue = res.error.issues[0];
    return { ok: false, problem: `malformed Gemini Live message: ${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, message: res.data };
}

/** The sample rate in an audio mime type such as `audio/pcm;rate=24000`, or null when it names none. */
export function pcmRate(mimeType: string): number | null {
  if (!/^audio\/(pcm|l16)\b/i.test(mimeType)) return null;
  const m = /;\s*rate=(\d{3,6})\b/i.exec(mimeType);
  return m ? Number(m[1]) : null;
}

/** Close codes after which another attempt may succeed (going away, abnormal, internal error, restart, try later). */
const TRANSIENT_CLOSE = new Set([1001, 1005, 1006, 1011, 1012, 1013, 1014]);

/** Whether a socket closed with `code` is worth another attempt; 1000 counts when the server had said goAway. */
export function transientClose(code: number, goneAway: boolean): boolean {
  return TRANSIENT_CLOSE.has(code) || (code === 1000 && goneAway);
}

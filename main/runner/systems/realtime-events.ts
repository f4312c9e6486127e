/** Server events of the Realtime API that the client acts on, validated at the WebSocket boundary (GA and beta names). */
import { z } from 'zod';

const delta = z.object({ delta: z.string(), item_id: z.string().optional(), response_id: z.string().optional() });

/** Event types carrying agent audio (GA, beta). */
export const AUDIO_DELTA = new Set(['response.output_audio.delta', 'response.audio.delta']);
/** Event types carrying transcript of the agent's audio. */
export const TRANSCRIPT_DELTA = new Set(['response.output_audio_transcript.delta', 'response.audio_transcript.delta']);
/** Event types carrying agent text (text-only output). */
export const TEXT_DELTA = new Set(['response.output_text.delta', 'response.text.delta']);

/** The schema each acted-on event type must pass; other types are ignored. */
export const serverEventSchemas: Record<string, z.ZodType> = {
  'session.created': z.object({ session: z.looseObject({}) }),
  'session.updated': z.object({ session: z.looseObject({}) }),
  'response.output_audio.delta': delta,
  'response.audio.delta': delta,
  'response.output_audio_transcript.delta': delta,
  'response.audio_transcript.delta': delta,
  'response.output_text.delta': delta,
  'response.text.delta': delta,
  'conversation.item.input_audio_transcription.completed': z.object({ transcript: z.string() }),
  'response.done': z.object({
    response: z.looseObject({
      status: z.enum(['completed', 'cancelled', 'failed', 'incomplete', 'in_progress']),
      status_details: z
        .looseObject({
          type: z.string().optional(),
          reason: z.string().nullish(),
          error: z.looseObject({ type: z.string().optional(), code: z.string().nullish() }).nullish(),
        })
        .nullish(),
    }),
  }),
  'input_audio_buffer.speech_started': z.object({ audio_start_ms: z.number(), item_id: z.string() }),
  'input_audio_buffer.speech_stopped': z.object({ audio_end_ms: z.number(), item_id: z.string() }),
  'input_audio_buffer.committed': z.object({ item_id: z.string() }),
  'response.created': z.object({ response: z.looseObject({ id: z.string() }) }),
  'conversation.item.truncated': z.object({ item_id: z.string(), content_index: z.number(), audio_end_ms: z.number() }),
  error: z.object({ error: z.looseObject({ message: z.string(), type: z.string(), code: z.string().nullish() }) }),
};

/** A parsed server event, or why it was dropped. */
export type ParsedEvent =
  | { ok: true; type: string; data: Record<string, unknown> }
  | { ok: false; problem: string }
  | { ok: true; type: string; data: null };

/** Parses one WebSocket frame: JSON with a string `type`; acted-on types must match their schema. */
export function parseServerEvent(frame: string): ParsedEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, problem: `malformed event (not JSON): ${frame.slice(0, 60)}` };
  }
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return { ok: false, problem: 'malformed event (no type)' };
  const schema = serverEventSchemas[type];
  if (!schema) return { ok: true, type, data: null };
  const res = schema.safeParse(raw);
  if (!res.success)
    return {
      ok: false,
      problem: `malformed ${type} event: ${res.error.issues[0].path.join('.')}: ${res.error.issues[0].message}`,
    };
  return { ok: true, type, data: res.data as Record<string, unknown> };
}

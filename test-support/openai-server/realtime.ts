/**
 * The fake server's Realtime API over WebSocket: session.update, conversation.item.create, input_audio_buffer.append /
 * commit, response.create → response.created, audio and transcript deltas, response.done; errors as `error` events.
 * GA event names by default; the beta names (response.audio.delta, …) when the client sends OpenAI-Beta: realtime=v1.
 * With a turn_detection in session.update it detects speech in the appended PCM itself (vad.ts): speech_started,
 * speech_stopped, committed and a response it creates, whose first audio comes `responseDelayMs` after the speech
 * ended; speech starting during a response cancels it; conversation.item.truncate cuts an assistant item's audio.
 */
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Brain, BrainMessage } from './brain';
import type { FaultQueue } from './faults';
import { decodeText, encodeText, FSK_RATE } from './fsk';
import { floats, pcm16 } from './wav';
import { EnergyVad, vadSettings, type VadEvent } from './vad';

/** What a session needs from the server. */
export interface RealtimeContext {
  beta: boolean;
  brain: Brain;
  firstAudioDelayMs: number;
  chunkMs: number;
  faults: FaultQueue;
  /** Types of the client events received, in order. */
  log: string[];
  /** With server turn detection: from the end of the caller's speech to the first audio of the reply, ms. */
  responseDelayMs: number;
  /** Stream ms per wall ms: 1, or less to run slower than real time with a client at the same pace. */
  clockRate: number;
  /** Every conversation.item.truncate honoured. */
  truncations: { itemId: string; audioEndMs: number }[];
}

/** Milliseconds of a number of samples at the tone rate. */
const msOf = (samples: number) => Math.round((samples / FSK_RATE) * 1000);
/** The tones take 20 ms per UTF-8 byte of the text. */
const MS_PER_BYTE = 20;

const part = z.looseObject({ type: z.string(), text: z.string().optional() });
const clientEvent = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('session.update'),
    session: z.looseObject({
      instructions: z.string().optional(),
      output_modalities: z.array(z.string()).optional(),
      modalities: z.array(z.string()).optional(),
    }),
  }),
  z.looseObject({ type: z.literal('input_audio_buffer.append'), audio: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }),
  z.looseObject({ type: z.literal('input_audio_buffer.commit') }),
  z.looseObject({ type: z.literal('input_audio_buffer.clear') }),
  z.looseObject({
    type: z.literal('conversation.item.create'),
    item: z.looseObject({
      type: z.literal('message'),
      role: z.enum(['system', 'user', 'assistant']),
      content: z.array(part),
    }),
  }),
  z.looseObject({ type: z.literal('response.create'), response: z.looseObject({}).optional() }),
  z.looseObject({ type: z.literal('response.cancel') }),
  z.looseObject({
    type: z.literal('conversation.item.truncate'),
    item_id: z.string(),
    content_index: z.number().int().min(0),
    audio_end_ms: z.number().int().min(0),
  }),
]);

/** The turn_detection of a session.update: `audio.input.turn_detection` (GA) or `turn_detection` (beta). */
function turnDetectionOf(session: Record<string, unknown>): Record<string, unknown> | null | undefined {
  const audio = session.audio as { input?: { turn_detection?: unknown } } | undefined;
  const value = 'turn_detection' in session ? session.turn_detection : audio?.input?.turn_detection;
  return value === undefined ? undefined : ((value as Record<string, unknown> | null) ?? null);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Serves one Realtime connection. */
export function serveRealtime(ws: WebSocket, ctx: RealtimeContext): void {
  let seq = 0;
  let instructions = '';
  let textOnly = false;
  let buffer: Buffer[] = [];
  const conversation: BrainMessage[] = [];
  let vad: EnergyVad | null = null;
  let interrupt = true;
  let stream: Float32Array[] = [];
  let speechStart = 0;
  /** The wall time of the caller's stream position 0, from its earliest-arriving chunk. */
  let origin = Infinity;
  let current: { cancelled: boolean } | null = null;
  const assistant = new Map<string, { index: number; text: string }>();
  const names = ctx.beta
    ? {
        audio: 'response.audio.delta',
        audioDone: 'response.audio.done',
        transcript: 'response.audio_transcript.delta',
        transcriptDone: 'response.audio_transcript.done',
        text: 'response.text.delta',
        textDone: 'response.text.done',
        itemAdded: 'conversation.item.created',
      }
    : {
        audio: 'response.output_audio.delta',
        audioDone: 'response.output_audio.done',
        transcript: 'response.output_audio_transcript.delta',
        transcriptDone: 'response.output_audio_transcript.done',
        text: 'response.output_text.delta',
        textDone: 'response.output_text.done',
        itemAdded: 'conversation.item.added',
      };
  const send = (event: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: `event_${++seq}`, ...event }));
  };
  const error = (message: string, code: string, type = 'invalid_request_error') =>
    send({ type: 'error', error: { type, code, message, param: null, event_id: null } });
  const session = () => ({
    id: 'sess_fake',
    object: 'realtime.session',
    type: 'realtime',
    model: 'fake-realtime',
    instructions,
    output_modalities: [textOnly ? 'text' : 'audio'],
  });

  send({ type: 'session.created', session: session() });

  async function respond(delayMs: number): Promise<void> {
    const responseId = `resp_${seq}`;
    const itemId = `item_${seq}`;
    const fault = ctx.faults.takeRealtime();
    const handle = { cancelled: false };
    current = handle;
    send({
      type: 'response.created',
      response: { id: responseId, object: 'realtime.response', status: 'in_progress', output: [] },
    });
    const reply = ctx.brain([{ role: 'system', content: instructions }, ...conversation]);
    assistant.set(itemId, { index: conversation.length, text: reply });
    conversation.push({ role: 'assistant', content: reply });
    const cancelled = () => {
      if (!handle.cancelled) return false;
      const details = { type: 'cancelled', reason: 'turn_detected' };
      send({
        type: 'response.done',
        response: {
          id: responseId,
          object: 'realtime.response',
          status: 'cancelled',
          status_details: details,
          output: [],
        },
      });
      return true;
    };
    await sleep(delayMs);
    if (cancelled()) return;
    if (fault?.kind === 'error') {
      error('injected server error', 'server_error', 'server_error');
      send({
        type: 'response.done',
        response: {
          id: responseId,
          object: 'realtime.response',
          status: 'failed',
          status_details: { type: 'failed', error: { type: 'server_error', code: 'server_error' } },
          output: [],
        },
      });
      return;
    }
    if (fault?.kind === 'malformed' && ws.readyState === ws.OPEN) {
      ws.send('{"type": "response.output_audio.delta", "delta": ');
      ws.send(JSON.stringify({ type: names.audio, event_id: 'bad', delta: 42 }));
    }
    const base = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
    const words = reply.split(/(?<=\s)/);
    if (textOnly) {
      for (const w of words) send({ type: names.text, ...base, delta: w });
      send({ type: names.textDone, ...base, text: reply });
    } else {
      const pcm = pcm16(encodeText(reply));
      const step = Math.max(2, Math.round((ctx.chunkMs / 1000) * FSK_RATE) * 2);
      let w = 0;
      for (let at = 0; at < pcm.length; at += step) {
        send({ type: names.audio, ...base, delta: pcm.subarray(at, at + step).toString('base64') });
        if (fault?.kind === 'drop') {
          ws.terminate();
          return;
        }
        if (w < words.length) send({ type: names.transcript, ...base, delta: words[w++] });
        await sleep(0);
        if (cancelled()) return;
      }
      while (w < words.length) send({ type: names.transcript, ...base, delta: words[w++] });
      send({ type: names.audioDone, ...base });
      send({ type: names.transcriptDone, ...base, transcript: reply });
    }
    if (current === handle) current = null;
    const content = textOnly ? [{ type: 'output_text', text: reply }] : [{ type: 'output_audio', transcript: reply }];
    send({
      type: 'response.done',
      response: {
        id: responseId,
        object: 'realtime.response',
        status: 'completed',
        output: [{ id: itemId, type: 'message', role: 'assistant', status: 'completed', content }],
        usage: null,
      },
    });
  }

  /** Acts on a boundary the detector found; the reply's first audio is due `responseDelayMs` after the speech ended. */
  function detected(found: VadEvent): void {
    const itemId = `item_user_${msOf(found.kind === 'start' ? found.at : speechStart)}`;
    if (found.kind === 'start') {
      speechStart = found.at;
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: msOf(found.at), item_id: itemId });
      if (current && interrupt) current.cancelled = true;
      return;
    }
    send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: msOf(found.detectedAt), item_id: itemId });
    const all = new Float32Array(stream.reduce((n, c) => n + c.length, 0));
    stream.reduce((at, c) => (all.set(c, at), at + c.length), 0);
    stream = [all];
    const heard = decodeText(all.subarray(speechStart, found.at)).text;
    conversation.push({ role: 'user', content: heard });
    send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
    send({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: itemId,
      content_index: 0,
      transcript: heard,
    });
    const due = origin + ((found.at / FSK_RATE) * 1000 + ctx.responseDelayMs) / ctx.clockRate;
    void respond(Math.max(0, due - performance.now()));
  }

  ws.on('message', (data, isBinary) => {
    let raw: unknown;
    try {
      raw = JSON.parse(isBinary ? '' : data.toString());
    } catch {
      return error('The server could not parse the event as JSON.', 'invalid_json');
    }
    const parsed = clientEvent.safeParse(raw);
    const type = (raw as { type?: unknown } | null)?.type;
    ctx.log.push(typeof type === 'string' ? type : '(no type)');
    if (!parsed.success)
      return error(
        `Invalid event ${String(type)}: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`,
        'invalid_value',
      );
    const event = parsed.data;
    switch (event.type) {
      case 'session.update': {
        instructions = event.session.instructions ?? instructions;
        const modalities = event.session.output_modalities ?? event.session.modalities;
        if (modalities) textOnly = !modalities.includes('audio');
        const detection = turnDetectionOf(event.session);
        if (detection !== undefined) vad = detection ? new EnergyVad(vadSettings(detection)) : null;
        if (detection) interrupt = detection.interrupt_response !== false;
        send({ type: 'session.updated', session: session() });
        return;
      }
      case 'input_audio_buffer.append': {
        const bytes = Buffer.from(event.audio, 'base64');
        if (!vad) return void buffer.push(bytes);
        stream.push(floats(bytes));
        const found = vad.feed(floats(bytes));
        origin = Math.min(origin, performance.now() - ((vad.received / FSK_RATE) * 1000) / ctx.clockRate);
        for (const f of found) detected(f);
        return;
      }
      case 'conversation.item.truncate': {
        const item = assistant.get(event.item_id);
        if (!item) return error(`Conversation item ${event.item_id} not found`, 'item_not_found');
        const audioMs = Buffer.byteLength(item.text, 'utf8') * MS_PER_BYTE;
        if (event.audio_end_ms > audioMs)
          return error(`audio_end_ms ${event.audio_end_ms} is longer than the audio (${audioMs} ms)`, 'invalid_value');
        conversation[item.index] = {
          role: 'assistant',
          content: Buffer.from(item.text, 'utf8')
            .subarray(0, Math.floor(event.audio_end_ms / MS_PER_BYTE))
            .toString('utf8'),
        };
        ctx.truncations.push({ itemId: event.item_id, audioEndMs: event.audio_end_ms });
        send({
          type: 'conversation.item.truncated',
          item_id: event.item_id,
          content_index: event.content_index,
          audio_end_ms: event.audio_end_ms,
        });
        return;
      }
      case 'input_audio_buffer.clear':
        buffer = [];
        send({ type: 'input_audio_buffer.cleared' });
        return;
      case 'input_audio_buffer.commit': {
        const audio = Buffer.concat(buffer);
        buffer = [];
        if (audio.length < 2 * 0.1 * FSK_RATE)
          return error('buffer too small: expected at least 100ms of audio', 'input_audio_buffer_commit_empty');
        const heard = decodeText(floats(audio)).text;
        conversation.push({ role: 'user', content: heard });
        const itemId = `item_user_${seq}`;
        send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
        send({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: itemId,
          content_index: 0,
          transcript: heard,
        });
        return;
      }
      case 'conversation.item.create': {
        const text = event.item.content.map((p) => p.text ?? '').join('');
        conversation.push({ role: event.item.role, content: text });
        send({ type: names.itemAdded, item: { id: `item_${seq}`, ...event.item, status: 'completed' } });
        return;
      }
      case 'response.create':
        void respond(ctx.firstAudioDelayMs);
        return;
      case 'response.cancel':
        return;
    }
  });
}

/**
 * The fake server's Realtime API over WebSocket: session.update, conversation.item.create, input_audio_buffer.append /
 * commit, response.create → response.created, audio and transcript deltas, response.done; errors as `error` events.
 * GA event names by default; the beta names (response.audio.delta, …) when the client sends `OpenAI-Beta: realtime=v1`.
 */
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Brain, BrainMessage } from './brain';
import type { FaultQueue } from './faults';
import { decodeText, encodeText, FSK_RATE } from './fsk';
import { floats, pcm16 } from './wav';

/** What a session needs from the server. */
export interface RealtimeContext {
  beta: boolean;
  brain: Brain;
  firstAudioDelayMs: number;
  chunkMs: number;
  faults: FaultQueue;
  /** Types of the client events received, in order. */
  log: string[];
}

const part = z.looseObject({ type: z.string(), text: z.string().optional() });
const clientEvent = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('session.update'), session: z.looseObject({ instructions: z.string().optional(), output_modalities: z.array(z.string()).optional(), modalities: z.array(z.string()).optional() }) }),
  z.looseObject({ type: z.literal('input_audio_buffer.append'), audio: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }),
  z.looseObject({ type: z.literal('input_audio_buffer.commit') }),
  z.looseObject({ type: z.literal('input_audio_buffer.clear') }),
  z.looseObject({ type: z.literal('conversation.item.create'), item: z.looseObject({ type: z.literal('message'), role: z.enum(['system', 'user', 'assistant']), content: z.array(part) }) }),
  z.looseObject({ type: z.literal('response.create'), response: z.looseObject({}).optional() }),
  z.looseObject({ type: z.literal('response.cancel') }),
]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Serves one Realtime connection. */
export function serveRealtime(ws: WebSocket, ctx: RealtimeContext): void {
  let seq = 0;
  let instructions = '';
  let textOnly = false;
  let buffer: Buffer[] = [];
  const conversation: BrainMessage[] = [];
  const names = ctx.beta
    ? { audio: 'response.audio.delta', audioDone: 'response.audio.done', transcript: 'response.audio_transcript.delta', transcriptDone: 'response.audio_transcript.done', text: 'response.text.delta', textDone: 'response.text.done', itemAdded: 'conversation.item.created' }
    : { audio: 'response.output_audio.delta', audioDone: 'response.output_audio.done', transcript: 'response.output_audio_transcript.delta', transcriptDone: 'response.output_audio_transcript.done', text: 'response.output_text.delta', textDone: 'response.output_text.done', itemAdded: 'conversation.item.added' };
  const send = (event: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: `event_${++seq}`, ...event }));
  };
  const error = (message: string, code: string, type = 'invalid_request_error') => send({ type: 'error', error: { type, code, message, param: null, event_id: null } });
  const session = () => ({ id: 'sess_fake', object: 'realtime.session', type: 'realtime', model: 'fake-realtime', instructions, output_modalities: [textOnly ? 'text' : 'audio'] });

  send({ type: 'session.created', session: session() });

  async function respond(): Promise<void> {
    const responseId = `resp_${seq}`;
    const itemId = `item_${seq}`;
    const fault = ctx.faults.takeRealtime();
    send({ type: 'response.created', response: { id: responseId, object: 'realtime.response', status: 'in_progress', output: [] } });
    const reply = ctx.brain([{ role: 'system', content: instructions }, ...conversation]);
    conversation.push({ role: 'assistant', content: reply });
    await sleep(ctx.firstAudioDelayMs);
    if (fault?.kind === 'error') {
      error('injected server error', 'server_error', 'server_error');
      send({ type: 'response.done', response: { id: responseId, object: 'realtime.response', status: 'failed', status_details: { type: 'failed', error: { type: 'server_error', code: 'server_error' } }, output: [] } });
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
      }
      while (w < words.length) send({ type: names.transcript, ...base, delta: words[w++] });
      send({ type: names.audioDone, ...base });
      send({ type: names.transcriptDone, ...base, transcript: reply });
    }
    const content = textOnly ? [{ type: 'output_text', text: reply }] : [{ type: 'output_audio', transcript: reply }];
    send({ type: 'response.done', response: { id: responseId, object: 'realtime.response', status: 'completed', output: [{ id: itemId, type: 'message', role: 'assistant', status: 'completed', content }], usage: null } });
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
    if (!parsed.success) return error(`Invalid event ${String(type)}: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`, 'invalid_value');
    const event = parsed.data;
    switch (event.type) {
      case 'session.update': {
        instructions = event.session.instructions ?? instructions;
        const modalities = event.session.output_modalities ?? event.session.modalities;
        if (modalities) textOnly = !modalities.includes('audio');
        send({ type: 'session.updated', session: session() });
        return;
      }
      case 'input_audio_buffer.append':
        buffer.push(Buffer.from(event.audio, 'base64'));
        return;
      case 'input_audio_buffer.clear':
        buffer = [];
        send({ type: 'input_audio_buffer.cleared' });
        return;
      case 'input_audio_buffer.commit': {
        const audio = Buffer.concat(buffer);
        buffer = [];
        if (audio.length < 2 * 0.1 * FSK_RATE) return error('buffer too small: expected at least 100ms of audio', 'input_audio_buffer_commit_empty');
        const heard = decodeText(floats(audio)).text;
        conversation.push({ role: 'user', content: heard });
        const itemId = `item_user_${seq}`;
        send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
        send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript: heard });
        return;
      }
      case 'conversation.item.create': {
        const text = event.item.content.map((p) => p.text ?? '').join('');
        conversation.push({ role: event.item.role, content: text });
        send({ type: names.itemAdded, item: { id: `item_${seq}`, ...event.item, status: 'completed' } });
        return;
      }
      case 'response.create':
        void respond();
        return;
      case 'response.cancel':
        return;
    }
  });
}

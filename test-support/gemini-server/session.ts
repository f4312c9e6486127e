/**
 * One BidiGenerateContent session of the local Gemini Live server: `setup` first (answered with setupComplete),
 * clientContent as context, realtimeInput audio (PCM16 16 kHz) with activityStart / activityEnd when automatic
 * detection is disabled, or the server's own end-of-speech (trailing silence, audioStreamEnd) when it is enabled; each
 * turn answered with serverContent: inputTranscription, modelTurn inline audio at 24 kHz with outputTranscription,
 * generationComplete, turnComplete and usageMetadata. Protocol faults close the socket with 1007, as the service does.
 */
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Brain, BrainMessage } from '../openai-server/brain';
import { decodeText, encodeText, FSK_RATE } from '../openai-server/fsk';
import { floats, pcm16 } from '../openai-server/wav';
import type { Faults, TurnFault } from './faults';

/** What a session needs from its server. */
export interface SessionContext {
  brain: Brain;
  firstAudioDelayMs: number;
  /** Size of each audio chunk of a reply, ms. */
  chunkMs: number;
  /** Send JSON in binary frames (as the service does) or in text frames. */
  frames: 'binary' | 'text';
  faults: Faults<TurnFault>;
  /** What the client sent, in order: `setup`, `clientContent`, `realtimeInput.audio`, `realtimeInput.activityEnd`… */
  log: string[];
  /** Called with the setup message as received. */
  onSetup(setup: Record<string, unknown>): void;
}

const INPUT_RATE = 16_000;
const blob = z.object({ data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/), mimeType: z.string() }).strict();
const text = z.object({ text: z.string() }).strict();
const setup = z.looseObject({
  model: z.string().regex(/^models\/\S+$/, 'must be models/NAME'),
  generationConfig: z.looseObject({ responseModalities: z.array(z.enum(['AUDIO', 'TEXT'])).length(1) }),
  systemInstruction: z.looseObject({ parts: z.array(text) }).optional(),
  realtimeInputConfig: z
    .looseObject({
      automaticActivityDetection: z
        .looseObject({ disabled: z.boolean().optional(), silenceDurationMs: z.number().int().optional() })
        .optional(),
    })
    .optional(),
});
const clientMessage = z.union([
  z.object({ setup }).strict(),
  z
    .object({
      clientContent: z
        .object({
          turns: z.array(z.looseObject({ role: z.string(), parts: z.array(text) })).optional(),
          turnComplete: z.boolean().optional(),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      realtimeInput: z.union([
        z.object({ audio: blob }).strict(),
        z.object({ activityStart: z.object({}).strict() }).strict(),
        z.object({ activityEnd: z.object({}).strict() }).strict(),
        z.object({ audioStreamEnd: z.literal(true) }).strict(),
      ]),
    })
    .strict(),
]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 16 kHz samples as 24 kHz ones, by linear interpolation (the fake's own, independent of Earshot's). */
function upsample(x: Float32Array): Float32Array {
  const out = new Float32Array(Math.floor((x.length * FSK_RATE) / INPUT_RATE));
  for (let i = 0; i < out.length; i++) {
    const t = (i * INPUT_RATE) / FSK_RATE;
    const j = Math.floor(t);
    out[i] = (x[j] ?? 0) + ((x[j + 1] ?? x[j] ?? 0) - (x[j] ?? 0)) * (t - j);
  }
  return out;
}

/** Serves one session. */
export function serveSession(ws: WebSocket, ctx: SessionContext): void {
  let configured = false;
  let automatic = true;
  let silenceMs = 500;
  let inActivity = false;
  let responding = false;
  let buffer: Buffer[] = [];
  const conversation: BrainMessage[] = [];
  const send = (message: Record<string, unknown>) => {
    if (ws.readyState !== ws.OPEN) return;
    const json = JSON.stringify(message);
    ws.send(ctx.frames === 'binary' ? Buffer.from(json, 'utf8') : json, { binary: ctx.frames === 'binary' });
  };
  const refuse = (reason: string) => ws.close(1007, reason.slice(0, 120));

  /** Whether the buffered caller audio ends with speech followed by `silenceMs` of silence. */
  function endOfSpeech(): boolean {
    const x = floats(Buffer.concat(buffer));
    let last = x.length - 1;
    while (last >= 0 && Math.abs(x[last]) < 0.02) last--;
    return last >= 0 && (x.length - 1 - last) / INPUT_RATE >= silenceMs / 1000;
  }

  /** Answers the buffered turn; the first audio leaves `firstAudioDelayMs` after the end of the turn arrived. */
  async function respond(): Promise<void> {
    const arrived = performance.now();
    responding = true;
    const heard = decodeText(upsample(floats(Buffer.concat(buffer)))).text;
    buffer = [];
    send({ serverContent: { inputTranscription: { text: heard } } });
    conversation.push({ role: 'user', content: heard });
    const reply = ctx.brain(conversation);
    conversation.push({ role: 'assistant', content: reply });
    const fault = ctx.faults.take();
    await sleep(Math.max(0, arrived + ctx.firstAudioDelayMs - performance.now()));
    if (fault?.kind === 'malformed' && ws.readyState === ws.OPEN) {
      ws.send('{"serverContent": {"modelTurn": ');
      send({ serverContent: { turnComplete: 'yes' } });
    }
    const audio = pcm16(encodeText(reply));
    const step = Math.max(2, Math.round((ctx.chunkMs / 1000) * FSK_RATE) * 2);
    const words = reply.split(/(?<=\s)/);
    let w = 0;
    for (let at = 0, n = 0; at < audio.length; at += step, n++) {
      if (fault?.kind === 'interrupted' && n === fault.afterChunks) {
        send({ serverContent: { interrupted: true } });
        break;
      }
      const data = audio.subarray(at, at + step).toString('base64');
      send({
        serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: `audio/pcm;rate=${FSK_RATE}`, data } }] } },
      });
      if (fault?.kind === 'drop') return void ws.terminate();
      if (fault?.kind === 'close') return void ws.close(fault.code, fault.reason);
      if (fault?.kind === 'goAway') {
        send({ goAway: { timeLeft: '0s' } });
        return void ws.close(1000);
      }
      if (w < words.length) send({ serverContent: { outputTranscription: { text: words[w++] } } });
      await sleep(0);
    }
    if (fault?.kind !== 'interrupted') {
      while (w < words.length) send({ serverContent: { outputTranscription: { text: words[w++] } } });
      send({ serverContent: { generationComplete: true } });
    }
    const usage = {
      promptTokenCount: heard.length,
      responseTokenCount: reply.length,
      totalTokenCount: heard.length + reply.length,
    };
    send({ serverContent: { turnComplete: true }, usageMetadata: usage });
    responding = false;
  }

  ws.on('message', (data) => {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      return refuse('Invalid JSON payload received.');
    }
    const parsed = clientMessage.safeParse(raw);
    const key = raw && typeof raw === 'object' ? Object.keys(raw)[0] : '(none)';
    const inner = (raw as Record<string, unknown> | null)?.[key];
    ctx.log.push(
      key === 'realtimeInput' && inner && typeof inner === 'object' ? `${key}.${Object.keys(inner)[0]}` : key,
    );
    if (!parsed.success)
      return refuse(`Invalid message: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
    const m = parsed.data;
    if ('setup' in m) {
      if (configured) return refuse('setup may only be sent once');
      configured = true;
      ctx.onSetup(m.setup);
      const detection = m.setup.realtimeInputConfig?.automaticActivityDetection;
      automatic = detection?.disabled !== true;
      silenceMs = detection?.silenceDurationMs ?? silenceMs;
      const instructions = m.setup.systemInstruction?.parts.map((p) => p.text).join('') ?? '';
      conversation.push({ role: 'system', content: instructions });
      return send({ setupComplete: {} });
    }
    if (!configured) return refuse('The first message must be setup.');
    if ('clientContent' in m) {
      for (const turn of m.clientContent.turns ?? [])
        conversation.push({ role: 'system', content: turn.parts.map((p) => p.text).join('') });
      return;
    }
    const input = m.realtimeInput;
    if ('audio' in input) {
      if (input.audio.mimeType !== `audio/pcm;rate=${INPUT_RATE}`)
        return refuse(`Unsupported audio mime type ${input.audio.mimeType}`);
      buffer.push(Buffer.from(input.audio.data, 'base64'));
      if (automatic && !responding && endOfSpeech()) void respond();
      return;
    }
    if ('audioStreamEnd' in input) {
      if (automatic && !responding && decodeText(upsample(floats(Buffer.concat(buffer)))).text) void respond();
      return;
    }
    if (automatic)
      return refuse('Explicit activity control is not supported when automatic activity detection is enabled.');
    if ('activityStart' in input) {
      inActivity = true;
      return;
    }
    if (!inActivity) return refuse('activityEnd without activityStart');
    inActivity = false;
    void respond();
  });
}

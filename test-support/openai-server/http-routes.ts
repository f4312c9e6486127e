/** The fake server's HTTP endpoints: /v1/chat/completions, /v1/audio/transcriptions and /v1/audio/speech, as OpenAI shapes them. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Brain, BrainMessage } from './brain';
import { decodeText, encodeText, FSK_RATE, wordTimings } from './fsk';
import { pcm16, readPcm16Wav, wavOf } from './wav';
import { mishearWords, type Mishearing } from './mishear';

/** What a route needs from the server. */
export interface RouteContext {
  brain: Brain;
  firstAudioDelayMs: number;
  /** Words the transcription endpoint hears wrongly for one model. */
  mishear?: Mishearing;
}

const content = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]);
const chatBody = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.looseObject({ role: z.string(), content: content.nullable() })).min(1),
  stream: z.boolean().optional(),
  n: z.number().int().min(1).max(1).optional(),
});
const speechBody = z.looseObject({
  model: z.string().min(1),
  input: z.string().min(1).max(4096),
  voice: z.string().min(1),
  response_format: z.enum(['wav', 'pcm']).optional(),
});

/** Flattens a message's content parts to text. */
export function textOf(c: z.infer<typeof content> | null): string {
  if (c === null) return '';
  return typeof c === 'string' ? c : c.map((p) => p.text ?? '').join('');
}

/** Sends an OpenAI-shaped error. */
export function sendError(res: ServerResponse, status: number, message: string, type = 'invalid_request_error'): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function json(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return JSON.parse((await body(req)).toString('utf8'));
  } catch {
    sendError(res, 400, 'We could not parse the JSON body of your request.');
    return undefined;
  }
}

/** POST /v1/chat/completions (non-streaming). */
export async function chatCompletions(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const raw = await json(req, res);
  if (raw === undefined) return;
  const parsed = chatBody.safeParse(raw);
  if (!parsed.success) return sendError(res, 400, `Invalid request: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
  if (parsed.data.stream) return sendError(res, 400, 'stream is not supported by this server');
  const messages: BrainMessage[] = parsed.data.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
  const reply = ctx.brain(messages);
  sendJson(res, {
    id: `chatcmpl-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: parsed.data.model,
    choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

/** POST /v1/audio/speech: the input as tones, WAV or raw PCM16 at 24 kHz, streamed after a first-byte delay. */
export async function speech(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const raw = await json(req, res);
  if (raw === undefined) return;
  const parsed = speechBody.safeParse(raw);
  if (!parsed.success) return sendError(res, 400, `Invalid request: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
  const samples = encodeText(parsed.data.input);
  const pcm = pcm16(samples);
  const format = parsed.data.response_format ?? 'wav';
  const bytes = format === 'pcm' ? pcm : wavOf(pcm, FSK_RATE);
  await new Promise((r) => setTimeout(r, ctx.firstAudioDelayMs));
  res.writeHead(200, { 'content-type': format === 'pcm' ? 'audio/pcm' : 'audio/wav' });
  const step = 9600;
  for (let at = 0; at < bytes.length; at += step) res.write(bytes.subarray(at, at + step));
  res.end();
}

/** POST /v1/audio/transcriptions (multipart): decodes the tones of a 24 kHz PCM16 WAV; json, text or verbose_json with words. */
export async function transcriptions(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const raw = await body(req);
  let form: FormData;
  try {
    form = await new Request('http://fake/v1/audio/transcriptions', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(raw) }).formData();
  } catch {
    return sendError(res, 400, 'Could not parse multipart form');
  }
  const file = form.get('file');
  const model = form.get('model');
  if (!(file instanceof Blob) || typeof model !== 'string' || !model) return sendError(res, 400, "Missing required parameter: 'file' or 'model'");
  const audio = readPcm16Wav(Buffer.from(await file.arrayBuffer()));
  if (!audio) return sendError(res, 400, 'Invalid file format. Supported here: 16-bit PCM WAV.');
  const decoded = audio.sampleRate === FSK_RATE ? decodeText(audio.samples) : { text: '', startSample: 0 };
  const edits = ctx.mishear && ctx.mishear.model === model ? ctx.mishear.words : {};
  const words = mishearWords(wordTimings(decoded), edits);
  const text = Object.keys(edits).length ? words.map((w) => w.word).join(' ') : decoded.text;
  const format = String(form.get('response_format') ?? 'json');
  const granularities = [...form.getAll('timestamp_granularities[]'), ...form.getAll('timestamp_granularities')].map(String);
  if (format === 'text') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(text);
    return;
  }
  if (format === 'verbose_json') {
    const duration = audio.samples.length / audio.sampleRate;
    return sendJson(res, {
      task: 'transcribe',
      language: 'english',
      duration,
      text,
      ...(granularities.includes('word') ? { words } : {}),
      segments: [],
    });
  }
  sendJson(res, { text });
}

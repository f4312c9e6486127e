/**
 * The Gemini Live API as a system under test, over `ws`: a BidiGenerateContent session opened with `setup` and ready at
 * `setupComplete`; each user turn streamed as realtimeInput audio chunks (PCM16, 16 kHz) between activityStart and
 * activityEnd (manual detection) or followed by audioStreamEnd (the server's detection); serverContent read until
 * turnComplete: inline audio (24 kHz), the output and input transcriptions, interruptions.
 */
import type WebSocket from 'ws';
import { RUN_RATE, fromPcm16, resample, toPcm16 } from '../audio/pcm';
import { withDeadline } from './with-deadline';
import { TransientError, sleep, withRetry } from '../../llm/retry';
import type { GeminiLiveConfig } from './config';
import { parseGeminiMessage, pcmRate, transientClose, type GeminiServerContent } from './gemini-live-events';
import {
  GEMINI_INPUT_RATE,
  audioMessage,
  connectGeminiLive,
  contextMessage,
  frameText,
  setupMessage,
} from './gemini-live-socket';
import {
  now,
  policyOf,
  type AgentReply,
  type SessionContext,
  type SystemSession,
  type SystemUnderTest,
  type UserTurnInput,
} from './types';

interface Pending {
  resolve(reply: AgentReply): void;
  reject(err: Error): void;
  /** When the user's audio ended (activityEnd / audioStreamEnd sent); null while it is still streaming. */
  endOfUser: number | null;
  firstAudio: number | null;
  audio: { rate: number; bytes: Buffer }[];
  transcript: string;
  text: string;
  heard: string;
  interrupted: boolean;
  warnings: string[];
}

/** Agent audio chunks at their rates, as one mono lane at the run's rate. */
function joinAudio(chunks: { rate: number; bytes: Buffer }[]): Float32Array | null {
  if (!chunks.length) return null;
  const runs: { rate: number; bytes: Buffer[] }[] = [];
  for (const c of chunks) {
    const last = runs.at(-1);
    if (last && last.rate === c.rate) last.bytes.push(c.bytes);
    else runs.push({ rate: c.rate, bytes: [c.bytes] });
  }
  const lanes = runs.map((r) => resample(fromPcm16(Buffer.concat(r.bytes)), r.rate, RUN_RATE));
  const out = new Float32Array(lanes.reduce((n, l) => n + l.length, 0));
  lanes.reduce((at, l) => (out.set(l, at), at + l.length), 0);
  return out;
}

/** A Gemini Live session on one socket. */
class GeminiLiveSession implements SystemSession {
  private pending: Pending | null = null;
  private closed = false;
  private goneAway = false;
  private readonly warnings: string[] = [];
  private readonly ready: Promise<void>;
  private settle!: { resolve: () => void; reject: (err: Error) => void };

  constructor(
    private readonly ws: WebSocket,
    private readonly config: GeminiLiveConfig,
    private readonly signal: AbortSignal,
  ) {
    this.ready = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.ready.catch(() => {});
    ws.on('message', (data) => this.onFrame(frameText(data)));
    ws.on('close', (code, reason) => {
      this.closed = true;
      const why = reason.toString('utf8').slice(0, 200);
      const message = `Gemini Live socket closed (code ${code}${why ? `: ${why}` : ''})`;
      this.fail(transientClose(code, this.goneAway) ? new TransientError(message) : new Error(message));
    });
    ws.on('error', (err) => this.fail(new TransientError(`Gemini Live socket error: ${err.message}`)));
  }

  private send(message: Record<string, unknown>): void {
    if (this.closed) throw new TransientError('Gemini Live socket is closed');
    this.ws.send(JSON.stringify(message));
  }

  private fail(err: Error): void {
    this.settle.reject(err);
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }

  private onFrame(frame: string): void {
    const parsed = parseGeminiMessage(frame);
    if (!parsed.ok) {
      (this.pending?.warnings ?? this.warnings).push(parsed.problem);
      return;
    }
    const m = parsed.message;
    if (m.setupComplete) this.settle.resolve();
    if (m.goAway) {
      this.goneAway = true;
      (this.pending?.warnings ?? this.warnings).push(
        `Gemini Live goAway (time left ${m.goAway.timeLeft ?? 'not given'})`,
      );
    }
    if (m.serverContent && this.pending) this.onContent(this.pending, m.serverContent);
  }

  private onContent(p: Pending, c: GeminiServerContent): void {
    if (c.interrupted && !p.interrupted) {
      p.interrupted = true;
      const ms = Math.round(p.audio.reduce((n, a) => n + a.bytes.length / 2 / a.rate, 0) * 1000);
      p.warnings.push(`Gemini Live: the reply was interrupted after ${ms} ms of audio`);
    }
    for (const part of c.modelTurn?.parts ?? []) {
      if (part.inlineData && !p.interrupted) {
        const rate = pcmRate(part.inlineData.mimeType);
        if (rate === null) p.warnings.push(`Gemini Live: skipped inline data of type ${part.inlineData.mimeType}`);
        else {
          p.firstAudio ??= now();
          p.audio.push({ rate, bytes: Buffer.from(part.inlineData.data, 'base64') });
        }
      }
      if (part.text && !part.thought) p.text += part.text;
    }
    if (c.outputTranscription?.text) p.transcript += c.outputTranscription.text;
    if (c.inputTranscription?.text) p.heard += c.inputTranscription.text;
    if (c.turnComplete) this.finish(p);
  }

  private finish(p: Pending): void {
    this.pending = null;
    const end = now();
    const endOfUser = p.endOfUser ?? end;
    p.resolve({
      text: (p.transcript || p.text).trim(),
      audio: joinAudio(p.audio),
      firstAudioDelayMs: p.firstAudio === null ? null : Math.max(0, Math.round(p.firstAudio - endOfUser)),
      responseMs: Math.round(end - endOfUser),
      heard: p.heard.trim() || null,
      warnings: p.warnings,
    });
  }

  /** Sends setup, waits for setupComplete, then gives the document item when delivered that way. */
  async start(ctx: SessionContext): Promise<void> {
    this.send(setupMessage(this.config, ctx.instructions));
    await this.withTimeout(this.ready, 'setupComplete');
    if (ctx.contextItem) await this.inject(ctx.contextItem);
  }

  private withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
    const ms = this.config.responseTimeoutMs;
    return withDeadline(promise, ms, this.signal, `Gemini Live: no ${what} within ${ms} ms`);
  }

  async inject(text: string): Promise<void> {
    this.send(contextMessage(text));
  }

  async turn(input: UserTurnInput): Promise<AgentReply> {
    if (!input.pcm) throw new Error('Gemini Live systems need user audio');
    const c = this.config;
    const manual = c.activityDetection === 'manual';
    const reply = new Promise<AgentReply>((resolve, reject) => {
      const warnings = this.warnings.splice(0);
      this.pending = {
        resolve,
        reject,
        endOfUser: null,
        firstAudio: null,
        audio: [],
        transcript: '',
        text: '',
        heard: '',
        interrupted: false,
        warnings,
      };
    });
    reply.catch(() => {});
    const p = this.pending!;
    const bytes = toPcm16(resample(input.pcm, RUN_RATE, GEMINI_INPUT_RATE));
    const step = Math.max(2, Math.round((c.chunkMs / 1000) * GEMINI_INPUT_RATE) * 2);
    if (manual) this.send({ realtimeInput: { activityStart: {} } });
    const started = now();
    for (let at = 0, i = 0; at < bytes.length; at += step, i++) {
      this.send(audioMessage(bytes.subarray(at, at + step)));
      if (c.pace !== 'max') {
        const wait = started + ((i + 1) * c.chunkMs) / c.pace - now();
        if (wait > 1) await sleep(wait, this.signal);
      }
    }
    p.endOfUser = now();
    this.send(manual ? { realtimeInput: { activityEnd: {} } } : { realtimeInput: { audioStreamEnd: true } });
    return this.withTimeout(reply, 'turnComplete');
  }

  close(): void {
    this.closed = true;
    this.ws.removeAllListeners('close');
    this.ws.close();
  }
}

/** The Gemini Live system of a config. */
export function geminiLiveSystem(config: GeminiLiveConfig): SystemUnderTest {
  return {
    config,
    audio: true,
    async open(ctx) {
      const connect = () => connectGeminiLive(config, ctx.apiKey, ctx.signal);
      const ws = await withRetry('Gemini Live connect', connect, policyOf(config), ctx.signal, (n) =>
        ctx.onRetry?.(`${n.what}: ${n.error}; retry ${n.attempt} in ${n.delayMs} ms`),
      );
      const session = new GeminiLiveSession(ws, config, ctx.signal);
      try {
        await session.start(ctx);
      } catch (err) {
        session.close();
        throw err;
      }
      return session;
    },
  };
}

/**
 * The OpenAI Realtime API as a system under test, over `ws`: session.update (instructions, PCM16 24 kHz in and out,
 * manual turns), the document as instructions or a conversation item, user audio streamed as input_audio_buffer.append
 * chunks at a chosen pace, then commit + response.create; audio, transcript and response.done events collected.
 */
import type WebSocket from 'ws';
import { RUN_RATE, fromPcm16, toPcm16 } from '../audio/pcm';
import { withDeadline } from './with-deadline';
import { TransientError, sleep } from '../../llm/retry';
import { connectWithRetry, sessionUpdate } from './realtime-socket';
import type { RealtimeConfig } from './config';
import type { DuplexSystem } from './duplex';
import { openDuplexRealtime } from './realtime-duplex';
import { AUDIO_DELTA, TEXT_DELTA, TRANSCRIPT_DELTA, parseServerEvent } from './realtime-events';

/** The WebSocket URL of the Realtime endpoint (defined beside the socket code). */
export { realtimeUrl } from './realtime-socket';
import {
  now,
  type AgentReply,
  type SessionContext,
  type SystemSession,
  type SystemUnderTest,
  type UserTurnInput,
} from './types';

interface Pending {
  resolve(reply: AgentReply): void;
  reject(err: Error): void;
  endOfUser: number;
  firstAudio: number | null;
  audio: Buffer[];
  transcript: string;
  text: string;
  heard: string | null;
  warnings: string[];
}

/** A Realtime session on one socket. */
class RealtimeSession implements SystemSession {
  private pending: Pending | null = null;
  private closed = false;
  private readonly ready: Promise<void>;
  private markReady!: () => void;
  private readonly warnings: string[] = [];

  constructor(
    private readonly ws: WebSocket,
    private readonly config: RealtimeConfig,
    private readonly signal: AbortSignal,
  ) {
    this.ready = new Promise((r) => (this.markReady = r));
    ws.on('message', (data) => this.onFrame(data.toString()));
    ws.on('close', (code) => {
      this.closed = true;
      this.fail(new TransientError(`realtime socket closed (code ${code}) before the reply was complete`));
    });
    ws.on('error', (err) => this.fail(new TransientError(`realtime socket error: ${err.message}`)));
  }

  private send(event: Record<string, unknown>): void {
    if (this.closed) throw new TransientError('realtime socket is closed');
    this.ws.send(JSON.stringify(event));
  }

  private fail(err: Error): void {
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }

  private onFrame(frame: string): void {
    const event = parseServerEvent(frame);
    if (!event.ok) {
      (this.pending?.warnings ?? this.warnings).push(event.problem);
      return;
    }
    const p = this.pending;
    const d = event.data;
    if (event.type === 'session.updated') this.markReady();
    if (!d) return;
    if (event.type === 'error') {
      const e = d.error as { message: string; type: string; code?: string | null };
      const err =
        e.type === 'server_error'
          ? new TransientError(`realtime error: ${e.message}`)
          : new Error(`realtime error (${e.code ?? e.type}): ${e.message}`);
      if (p) this.fail(err);
      else this.warnings.push(err.message);
      return;
    }
    if (!p) return;
    const delta = (d as { delta?: string }).delta ?? '';
    if (AUDIO_DELTA.has(event.type)) {
      p.firstAudio ??= now();
      p.audio.push(Buffer.from(delta, 'base64'));
    } else if (TRANSCRIPT_DELTA.has(event.type)) p.transcript += delta;
    else if (TEXT_DELTA.has(event.type)) p.text += delta;
    else if (event.type === 'conversation.item.input_audio_transcription.completed')
      p.heard = (d as { transcript: string }).transcript;
    else if (event.type === 'response.done')
      this.finish(
        p,
        d.response as {
          status: string;
          status_details?: { error?: { type?: string; code?: string | null } | null } | null;
        },
      );
  }

  private finish(
    p: Pending,
    response: { status: string; status_details?: { error?: { type?: string; code?: string | null } | null } | null },
  ): void {
    this.pending = null;
    if (response.status === 'failed') {
      const e = response.status_details?.error;
      const message = `realtime response failed (${e?.code ?? e?.type ?? 'no reason given'})`;
      p.reject(e?.type === 'server_error' ? new TransientError(message) : new Error(message));
      return;
    }
    if (response.status !== 'completed') p.warnings.push(`realtime response ended ${response.status}`);
    const end = now();
    const audio = p.audio.length ? fromPcm16(Buffer.concat(p.audio)) : null;
    p.resolve({
      text: (p.transcript || p.text).trim(),
      audio,
      firstAudioDelayMs: p.firstAudio === null ? null : Math.max(0, Math.round(p.firstAudio - p.endOfUser)),
      responseMs: Math.round(end - p.endOfUser),
      heard: p.heard,
      warnings: p.warnings,
    });
  }

  /** Configures the session and delivers the document item; waits for session.updated. */
  async start(ctx: SessionContext): Promise<void> {
    this.send(sessionUpdate(this.config, ctx.instructions, null));
    await this.withTimeout(this.ready, 'session.updated');
    if (ctx.contextItem) await this.inject(ctx.contextItem);
  }

  private withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
    const ms = this.config.responseTimeoutMs;
    return withDeadline(promise, ms, this.signal, `realtime: no ${what} within ${ms} ms`);
  }

  async inject(text: string): Promise<void> {
    this.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'system', content: [{ type: 'input_text', text }] },
    });
  }

  async turn(input: UserTurnInput): Promise<AgentReply> {
    if (!input.pcm) throw new Error('realtime systems need user audio');
    const c = this.config;
    const bytes = toPcm16(input.pcm);
    const step = Math.max(2, Math.round((c.chunkMs / 1000) * RUN_RATE) * 2);
    const started = now();
    for (let at = 0, i = 0; at < bytes.length; at += step, i++) {
      this.send({ type: 'input_audio_buffer.append', audio: bytes.subarray(at, at + step).toString('base64') });
      if (c.pace !== 'max') {
        const due = started + ((i + 1) * c.chunkMs) / c.pace;
        const wait = due - now();
        if (wait > 1) await sleep(wait, this.signal);
      }
    }
    const reply = new Promise<AgentReply>((resolve, reject) => {
      this.pending = {
        resolve,
        reject,
        endOfUser: now(),
        firstAudio: null,
        audio: [],
        transcript: '',
        text: '',
        heard: null,
        warnings: this.warnings.splice(0),
      };
    });
    this.send({ type: 'input_audio_buffer.commit' });
    this.send({ type: 'response.create' });
    return this.withTimeout(reply, 'response.done');
  }

  close(): void {
    this.closed = true;
    this.ws.removeAllListeners('close');
    this.ws.close();
  }
}

/** The Realtime system of a config; full duplex (`openDuplex`) when the config names a turn detection. */
export function realtimeSystem(config: RealtimeConfig): SystemUnderTest & Partial<DuplexSystem> {
  const duplex = config.turnDetection ? { openDuplex: (ctx: SessionContext) => openDuplexRealtime(config, ctx) } : {};
  return {
    config,
    audio: true,
    ...duplex,
    async open(ctx) {
      const ws = await connectWithRetry(config, ctx);
      const session = new RealtimeSession(ws, config, ctx.signal);
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

/**
 * Full-duplex OpenAI Realtime: the server's voice activity detector decides turns. The caller's audio (its silences
 * too) is streamed in `chunkMs` chunks at real-time pace, each sent when its last sample is due; agent audio is
 * "played" from one output queue on the same clock. When the server reports speech_started while agent audio is
 * playing, the client stops it and sends conversation.item.truncate with the milliseconds played (a barge-in).
 */
import type WebSocket from 'ws';
import { RUN_RATE, fromPcm16, toPcm16 } from '../audio/pcm';
import { TransientError, sleep } from '../../llm/retry';
import { DuplexRecorder } from '../duplex-recorder';
import type { RealtimeConfig } from './config';
import type { BargeIn, CallEvent, CallerStep, CallSpan, DuplexCall, DuplexSession } from './duplex';
import { AUDIO_DELTA, TRANSCRIPT_DELTA, parseServerEvent } from './realtime-events';
import { connectWithRetry, sessionUpdate } from './realtime-socket';
import { now, type SessionContext } from './types';

interface Response {
  id: string;
  callerTurn: number;
  /** Sample position when the server created it. */
  createdAt: number;
  itemId: string | null;
  transcript: string;
  status: string | null;
}

type Data = Record<string, unknown>;

/** One full-duplex session on one socket. */
class DuplexRealtimeSession implements DuplexSession {
  private readonly rec = new DuplexRecorder();
  private t0 = now();
  private sent = 0;
  private readonly responses: Response[] = [];
  private readonly callerTurns: CallSpan[] = [];
  private readonly callerStarts: number[] = [];
  private readonly heard: (string | null)[] = [];
  private readonly committed = new Map<string, number>();
  private readonly bargeIns: BargeIn[] = [];
  private readonly events: CallEvent[] = [];
  private readonly warnings: string[] = [];
  private failure: Error | null = null;
  /** Recording ms per wall ms: 1, or less against a local server whose clock runs as slow (tests). */
  private readonly pace: number;
  private wake: () => void = () => {};
  private ready = false;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly config: RealtimeConfig,
    private readonly signal: AbortSignal,
  ) {
    this.pace = typeof config.pace === 'number' ? config.pace : 1;
    ws.on('message', (data) => this.onFrame(data.toString()));
    ws.on('close', (code) => {
      this.closed = true;
      this.fail(new TransientError(`realtime socket closed (code ${code}) during the call`));
    });
    ws.on('error', (err) => this.fail(new TransientError(`realtime socket error: ${err.message}`)));
  }

  /** Configures the session with the config's turn detection and delivers the document item. */
  async start(ctx: SessionContext): Promise<void> {
    this.send(sessionUpdate(this.config, ctx.instructions, this.config.turnDetection));
    await this.until(() => this.ready, now() + this.config.responseTimeoutMs, 'session.updated');
    if (ctx.contextItem) this.inject(ctx.contextItem);
  }

  private inject(text: string): void {
    const item = { type: 'message', role: 'system', content: [{ type: 'input_text', text }] };
    this.send({ type: 'conversation.item.create', item });
  }

  private send(event: Data): void {
    if (this.closed) throw new TransientError('realtime socket is closed');
    this.ws.send(JSON.stringify(event));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  /** The current position on the call's clock, in samples. */
  private position(): number {
    return Math.max(0, Math.round(((now() - this.t0) / 1000) * RUN_RATE * this.pace));
  }

  /** The spoken turn the caller is in at sample `at` (the last started), or -1 before the first. */
  private callerAt(at: number): number {
    let turn = -1;
    this.callerStarts.forEach((start, i) => (turn = start <= at ? i : turn));
    return turn;
  }

  private onFrame(frame: string): void {
    const event = parseServerEvent(frame);
    if (!event.ok) return void this.warnings.push(event.problem);
    const d = event.data;
    const at = this.position();
    if (event.type !== 'session.created' && !AUDIO_DELTA.has(event.type) && !TRANSCRIPT_DELTA.has(event.type)) {
      this.events.push({ type: event.type, atMs: Math.round(this.rec.ms(at)) });
    }
    if (event.type === 'session.updated') this.ready = true;
    if (d) this.act(event.type, d, at);
    this.wake();
  }

  private act(type: string, d: Data, at: number): void {
    const response = (id: unknown) => this.responses.find((r) => r.id === id) ?? this.responses.at(-1);
    if (type === 'error') {
      const e = d.error as { message: string; type: string; code?: string | null };
      if (e.type === 'server_error') this.fail(new TransientError(`realtime error: ${e.message}`));
      else this.warnings.push(`realtime error (${e.code ?? e.type}): ${e.message}`);
    } else if (type === 'input_audio_buffer.speech_started') this.onSpeechStarted(d.audio_start_ms as number, at);
    else if (type === 'input_audio_buffer.committed') this.committed.set(d.item_id as string, this.callerAt(at));
    else if (type === 'conversation.item.input_audio_transcription.completed') {
      const turn = this.committed.get(d.item_id as string) ?? this.callerAt(at);
      if (turn >= 0) this.heard[turn] = [this.heard[turn], d.transcript as string].filter(Boolean).join(' ');
    } else if (type === 'response.created') {
      const id = (d.response as { id: string }).id;
      this.responses.push({
        id,
        callerTurn: this.callerAt(at),
        createdAt: at,
        itemId: null,
        transcript: '',
        status: null,
      });
    } else if (AUDIO_DELTA.has(type)) {
      const r = response(d.response_id);
      const itemId = (d.item_id as string | undefined) ?? r?.itemId ?? `item-${this.responses.length}`;
      if (r) r.itemId ??= itemId;
      this.rec.addAgent(itemId, fromPcm16(Buffer.from(d.delta as string, 'base64')), at);
    } else if (TRANSCRIPT_DELTA.has(type)) {
      const r = response(d.response_id);
      if (r) r.transcript += d.delta as string;
    } else if (type === 'response.done') this.onDone(d.response as Data);
  }

  private onSpeechStarted(serverStartMs: number, at: number): void {
    const detector = this.config.turnDetection;
    const itemId = this.rec.playingAt(at);
    if (!itemId || !detector?.interruptResponse) return;
    const audioEndMs = Math.floor(this.rec.ms(this.rec.played(itemId, at)));
    this.rec.cut(itemId, at);
    this.send({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: audioEndMs });
    const callerTurn = this.callerAt(at);
    this.bargeIns.push({ atMs: Math.round(this.rec.ms(at)), serverStartMs, itemId, audioEndMs, callerTurn });
  }

  private onDone(response: Data): void {
    const r = this.responses.find((x) => x.id === response.id) ?? this.responses.at(-1);
    const status = response.status as string;
    if (r) r.status = status;
    if (status !== 'failed') return;
    const e = (response.status_details as { error?: { type?: string; code?: string | null } } | null)?.error;
    const message = `realtime response failed (${e?.code ?? e?.type ?? 'no reason given'})`;
    this.fail(e?.type === 'server_error' ? new TransientError(message) : new Error(message));
  }

  /** Resolves when `ready()` holds (re-checked on every event and chunk); rejects on failure, abort or deadline. */
  private async until<T>(ready: () => T | null | false, deadline: number, what: string): Promise<T> {
    for (;;) {
      if (this.failure) throw this.failure;
      this.signal.throwIfAborted();
      const value = ready();
      if (value !== null && value !== false) return value;
      const left = deadline - now();
      if (left <= 0) throw new TransientError(`realtime: no ${what} within ${this.config.responseTimeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Streams the caller lane chunk by chunk, each when its last sample is due, until `stop()` says so. */
  private async pump(stop: () => boolean): Promise<void> {
    const n = this.rec.samples(this.config.chunkMs);
    try {
      for (let k = 0; !stop(); k++) {
        const wait = this.t0 + ((k + 1) * n * 1000) / RUN_RATE / this.pace - now();
        if (wait > 0) await sleep(wait, this.signal);
        const chunk = this.rec.userChunk(k * n, n);
        this.sent = (k + 1) * n;
        this.send({ type: 'input_audio_buffer.append', audio: toPcm16(chunk).toString('base64') });
        this.wake();
      }
    } catch (err) {
      this.fail(err as Error);
    }
  }

  /** Where the reply to caller turn `turn` started playing, once it has. */
  private replyStart(turn: number): number | null {
    const starts = this.responses.flatMap((r) =>
      r.callerTurn === turn && r.itemId ? [this.rec.span(r.itemId)?.start] : [],
    );
    const start = starts.find((s) => s !== undefined);
    return start ?? null;
  }

  /** Where the reply to caller turn `turn` ends, once the server answered the turn's end and every response is done. */
  private replyEnd(turn: number): number | null {
    const mine = this.responses.filter((r) => r.callerTurn === turn);
    const end = this.callerTurns[turn] ? this.rec.samples(this.callerTurns[turn].endMs) : 0;
    if (!mine.some((r) => r.createdAt >= end) || mine.some((r) => r.status === null)) return null;
    return Math.max(this.rec.agentEnd, this.position());
  }

  private deadline(turn: number): number {
    return this.t0 + (this.callerTurns[turn]?.endMs ?? 0) / this.pace + this.config.responseTimeoutMs;
  }

  private place(step: Extract<CallerStep, { kind: 'speak' }>, at: number): void {
    const start = Math.max(at, this.sent);
    this.rec.placeUser(start, step.pcm);
    this.callerStarts.push(start);
    this.callerTurns.push({
      startMs: Math.round(this.rec.ms(start)),
      endMs: Math.round(this.rec.ms(start + step.pcm.length)),
    });
    this.heard.push(null);
  }

  async call(steps: CallerStep[]): Promise<DuplexCall> {
    this.t0 = now();
    this.events.length = 0;
    let done = false;
    const pumping = this.pump(() => done);
    const gap = this.rec.samples(this.config.turnGapMs);
    try {
      let last = -1;
      for (const step of steps) {
        if (step.kind === 'inject') {
          if (last >= 0)
            await this.until(() => this.replyEnd(last), this.deadline(last), 'reply before the re-injection');
          this.inject(step.text);
          continue;
        }
        if (last < 0) this.place(step, 0);
        else if (step.interruptAtMs !== null) {
          const start = await this.until(() => this.replyStart(last), this.deadline(last), 'agent audio');
          this.place(step, start + this.rec.samples(step.interruptAtMs));
        } else
          this.place(step, (await this.until(() => this.replyEnd(last), this.deadline(last), 'response.done')) + gap);
        last++;
      }
      if (last >= 0) {
        const end = await this.until(() => this.replyEnd(last), this.deadline(last), 'response.done');
        await this.until(() => this.sent >= Math.max(end, this.rec.callerEnd) + gap, Infinity, 'end of the call');
      }
    } finally {
      done = true;
      await pumping;
    }
    return this.result();
  }

  private result(): DuplexCall {
    const replies = this.responses.flatMap((r) => {
      const span = r.itemId ? this.rec.span(r.itemId) : null;
      if (!r.itemId || !span) return [];
      const cut = this.bargeIns.find((b) => b.itemId === r.itemId);
      const [startMs, endMs] = [span.start, span.end].map((x) => Math.round(this.rec.ms(x)));
      const base = {
        responseId: r.id,
        itemId: r.itemId,
        callerTurn: r.callerTurn,
        text: r.transcript.trim(),
        status: r.status,
      };
      return [
        { ...base, startMs, endMs, audio: this.rec.playedAudio(r.itemId), truncatedAtMs: cut?.audioEndMs ?? null },
      ];
    });
    return {
      lanes: this.rec.lanes(this.sent),
      callerTurns: this.callerTurns,
      heard: this.heard,
      replies,
      bargeIns: this.bargeIns,
      events: this.events,
      warnings: this.warnings,
    };
  }

  close(): void {
    this.closed = true;
    this.ws.removeAllListeners('close');
    this.ws.close();
  }
}

/** Opens a full-duplex Realtime session: connects (with retries), sends session.update, awaits session.updated. */
export async function openDuplexRealtime(config: RealtimeConfig, ctx: SessionContext): Promise<DuplexSession> {
  const session = new DuplexRealtimeSession(await connectWithRetry(config, ctx), config, ctx.signal);
  try {
    await session.start(ctx);
  } catch (err) {
    session.close();
    throw err;
  }
  return session;
}

/**
 * Both lanes of a full-duplex call on one clock, in samples since the stream began: the caller's audio where it was
 * streamed, the agent's where it was played. Agent audio plays from one output queue: a delta starts where it arrived
 * or where the queued audio ends, whichever is later; truncating an item stops it at that sample and drops the rest.
 */
import { RUN_RATE } from './audio/pcm';

interface Placed {
  start: number;
  samples: Float32Array;
}

interface Item {
  parts: Placed[];
  cutAt: number | null;
}

/** Records a full-duplex call: a caller lane and an agent output queue. */
export class DuplexRecorder {
  private user = new Float32Array(RUN_RATE * 10);
  private userEnd = 0;
  private readonly items = new Map<string, Item>();
  private queueEnd = 0;

  constructor(readonly rate = RUN_RATE) {}

  /** Samples in `ms` milliseconds. */
  samples(ms: number): number {
    return Math.round((ms / 1000) * this.rate);
  }

  /** Milliseconds in `n` samples. */
  ms(n: number): number {
    return (n / this.rate) * 1000;
  }

  /** Writes caller audio into the left lane from sample `start`. */
  placeUser(start: number, pcm: Float32Array): void {
    const end = start + pcm.length;
    if (end > this.user.length) {
      const grown = new Float32Array(Math.max(end, this.user.length * 2));
      grown.set(this.user);
      this.user = grown;
    }
    this.user.set(pcm, start);
    this.userEnd = Math.max(this.userEnd, end);
  }

  /** The caller lane from `from`, `n` samples (silence where nothing was placed). */
  userChunk(from: number, n: number): Float32Array {
    const out = new Float32Array(n);
    if (from < this.user.length) out.set(this.user.subarray(from, Math.min(from + n, this.user.length)));
    return out;
  }

  /** Queues agent audio of `itemId` that arrived at sample `at`; dropped when the item was truncated. */
  addAgent(itemId: string, samples: Float32Array, at: number): void {
    const item = this.items.get(itemId) ?? { parts: [], cutAt: null };
    this.items.set(itemId, item);
    if (item.cutAt !== null || samples.length === 0) return;
    const start = Math.max(at, this.queueEnd);
    item.parts.push({ start, samples });
    this.queueEnd = start + samples.length;
  }

  /** The item whose audio is playing at sample `at`, or null. */
  playingAt(at: number): string | null {
    for (const [id, item] of this.items) {
      if (item.cutAt === null && item.parts.some((p) => p.start <= at && at < p.start + p.samples.length)) return id;
    }
    return null;
  }

  /** How much of an item had played by sample `at`, in samples of its audio. */
  played(itemId: string, at: number): number {
    const parts = this.items.get(itemId)?.parts ?? [];
    return parts.reduce((sum, p) => sum + Math.min(p.samples.length, Math.max(0, at - p.start)), 0);
  }

  /** Stops an item at sample `at`: what had not played is dropped, and later deltas of it too. */
  cut(itemId: string, at: number): void {
    const item = this.items.get(itemId);
    if (!item) return;
    item.cutAt = at;
    item.parts = item.parts.flatMap((p) =>
      p.start >= at
        ? []
        : [{ start: p.start, samples: p.samples.subarray(0, Math.min(p.samples.length, at - p.start)) }],
    );
    this.queueEnd = Math.min(this.queueEnd, at);
  }

  /** The sample where the queued agent audio ends. */
  get agentEnd(): number {
    return this.queueEnd;
  }

  /** The sample where the placed caller audio ends. */
  get callerEnd(): number {
    return this.userEnd;
  }

  /** An item's first and last played sample, or null when nothing of it played. */
  span(itemId: string): { start: number; end: number } | null {
    const parts = this.items.get(itemId)?.parts ?? [];
    if (parts.length === 0) return null;
    return { start: parts[0].start, end: Math.max(...parts.map((p) => p.start + p.samples.length)) };
  }

  /** The audio of an item that was played, joined. */
  playedAudio(itemId: string): Float32Array {
    const parts = this.items.get(itemId)?.parts ?? [];
    const out = new Float32Array(parts.reduce((n, p) => n + p.samples.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p.samples, at);
      at += p.samples.length;
    }
    return out;
  }

  /** Both lanes, `length` samples each: left the caller, right the agent. */
  lanes(length: number): [Float32Array, Float32Array] {
    const agent = new Float32Array(length);
    for (const item of this.items.values()) {
      for (const p of item.parts) if (p.start < length) agent.set(p.samples.subarray(0, length - p.start), p.start);
    }
    return [this.userChunk(0, length), agent];
  }
}

/**
 * The call recording: user audio on the left channel, agent audio on the right, laid on one timeline. Each user turn
 * starts `turnGapMs` after the previous reply ends; each reply starts at the end of the user's audio plus the measured
 * first-audio delay. So the recording shows the latency the system really had, whatever pace the audio was streamed at.
 */
import { RUN_RATE, durationMs, writeWav } from './audio/pcm';

interface Segment {
  lane: 0 | 1;
  start: number;
  samples: Float32Array;
}

/** A time range on the call timeline, ms. */
export interface Span {
  startMs: number;
  endMs: number;
}

/** Collects the segments of one call and writes the stereo WAV. */
export class CallRecorder {
  private readonly segments: Segment[] = [];
  private cursor = 0;

  constructor(private readonly rate = RUN_RATE) {}

  /** The timeline position where the next user turn starts, ms. */
  get nowMs(): number {
    return Math.round((this.cursor / this.rate) * 1000);
  }

  /** Places a user turn at the cursor; returns its span. */
  user(samples: Float32Array): Span {
    const start = this.cursor;
    this.segments.push({ lane: 0, start, samples });
    this.cursor = start + samples.length;
    return this.span(start, samples.length);
  }

  /** Places an agent reply `delayMs` after the cursor (the end of the user turn); returns its span. */
  agent(samples: Float32Array, delayMs: number): Span {
    const start = this.cursor + Math.round((Math.max(0, delayMs) / 1000) * this.rate);
    this.segments.push({ lane: 1, start, samples });
    this.cursor = start + samples.length;
    return this.span(start, samples.length);
  }

  /** Leaves `ms` of silence before the next turn. */
  gap(ms: number): void {
    this.cursor += Math.round((ms / 1000) * this.rate);
  }

  /** Total length of the recording, ms. */
  get durationMs(): number {
    return durationMs({ length: this.cursor }, this.rate);
  }

  /** Writes the recording as a 16-bit stereo WAV (left user, right agent). */
  write(path: string): void {
    const lanes = [new Float32Array(this.cursor), new Float32Array(this.cursor)];
    for (const s of this.segments) lanes[s.lane].set(s.samples.subarray(0, Math.max(0, this.cursor - s.start)), s.start);
    writeWav(path, lanes, this.rate);
  }

  private span(start: number, length: number): Span {
    const ms = (x: number) => Math.round((x / this.rate) * 1000);
    return { startMs: ms(start), endMs: ms(start + length) };
  }
}

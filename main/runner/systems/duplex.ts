/** What a full-duplex system plays and returns: a whole call, the caller's audio on one clock with the agent's. */
import type { SessionContext, SystemUnderTest } from './types';

/** One step of the caller's script: a spoken turn, or text the agent reads but does not hear (a re-injection). */
export type CallerStep =
  | {
      kind: 'speak';
      text: string;
      /** Mono, 24 kHz. */
      pcm: Float32Array;
      /** Cut in this long after the agent's reply to the previous turn starts; null: wait for it to end. */
      interruptAtMs: number | null;
    }
  | { kind: 'inject'; text: string };

/** A time range on the call's clock, ms. */
export interface CallSpan {
  startMs: number;
  endMs: number;
}

/** One agent reply as played: where it sits in the recording, and where it was cut off. */
export interface DuplexReply extends CallSpan {
  responseId: string;
  itemId: string;
  /** The caller turn (index among spoken steps) it answers: the last one started before the server created it. */
  callerTurn: number;
  /** The vendor's transcript of the whole reply. */
  text: string;
  /** The audio that was played (what the recording holds), mono 24 kHz. */
  audio: Float32Array;
  /** audio_end_ms sent with conversation.item.truncate when the caller cut in; null when it played whole. */
  truncatedAtMs: number | null;
  /** The response's final status (completed, cancelled, …), null when it never ended. */
  status: string | null;
}

/** A barge-in: the server heard the caller start while agent audio was playing, and the client truncated it. */
export interface BargeIn {
  /** Where the client acted on input_audio_buffer.speech_started, ms on the call's clock. */
  atMs: number;
  /** The server's audio_start_ms of the speech. */
  serverStartMs: number;
  itemId: string;
  /** How much of the item had played: the audio_end_ms sent. */
  audioEndMs: number;
  callerTurn: number;
}

/** A server event as the client received it, placed on the call's clock. */
export interface CallEvent {
  type: string;
  atMs: number;
}

/** A whole full-duplex call. */
export interface DuplexCall {
  /** Left: the caller as streamed (silences included); right: the agent as played. Same length, 24 kHz. */
  lanes: [Float32Array, Float32Array];
  /** Where each spoken caller turn was placed. */
  callerTurns: CallSpan[];
  /** What the server transcribed of each caller turn. */
  heard: (string | null)[];
  replies: DuplexReply[];
  bargeIns: BargeIn[];
  events: CallEvent[];
  warnings: string[];
}

/** A live full-duplex conversation. */
export interface DuplexSession {
  /** Streams the caller's script in real time and returns the call once the last reply has played. */
  call(steps: CallerStep[]): Promise<DuplexCall>;
  close(): void;
}

/** A system that can hold a full-duplex call. */
export interface DuplexSystem {
  openDuplex(ctx: SessionContext): Promise<DuplexSession>;
}

/** The system's full-duplex side, when it has one. */
export function duplexOf(system: SystemUnderTest): DuplexSystem | null {
  const d = system as SystemUnderTest & Partial<DuplexSystem>;
  return typeof d.openDuplex === 'function' ? (d as DuplexSystem) : null;
}

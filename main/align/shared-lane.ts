/** What the thread reading a call and the VAD worker following one of its lanes share: progress slots and messages. */
import type { Aggressiveness } from './vad';

/** Slots of a shared lane's progress word array. */
export const PROGRESS = { written: 0, state: 1, seq: 2 } as const;

/** The lane's state: being written, complete, or given up. */
export const LANE_STATE = { writing: 0, done: 1, aborted: 2 } as const;

/** What a VAD worker receives as workerData: the lane (filled as it is read), its progress and how to decide. */
export interface VadJob {
  lane: Int16Array;
  progress: Int32Array;
  frames: number;
  aggressiveness: Aggressiveness;
}

/** What a VAD worker posts back. */
export type VadReply = { ok: true; flags: Uint8Array } | { ok: false; message: string };

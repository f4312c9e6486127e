/**
 * Worker-thread side of the lane handed off by wavVoiceActivity: voice activity of a lane that arrives in a shared
 * buffer while the file is read, posted back with its flags' buffer transferred.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { VadStream } from './vad';
import { LANE_STATE, PROGRESS, type VadJob, type VadReply } from './shared-lane';

/** Feeds the lane to the VAD as it is written; waits on the progress's sequence number when caught up. */
async function follow(job: VadJob): Promise<Uint8Array | null> {
  const { lane, progress } = job;
  const stream = await VadStream.open(job.aggressiveness, job.frames);
  let flags: Uint8Array;
  try {
    let done = 0;
    for (;;) {
      const seq = Atomics.load(progress, PROGRESS.seq);
      const written = Atomics.load(progress, PROGRESS.written);
      if (written > done) {
        stream.push(lane.subarray(done, written));
        done = written;
        continue;
      }
      const state = Atomics.load(progress, PROGRESS.state);
      if (state === LANE_STATE.aborted) return null;
      if (state === LANE_STATE.done) break;
      Atomics.wait(progress, PROGRESS.seq, seq);
    }
  } finally {
    flags = stream.close();
  }
  return flags;
}

try {
  const flags = await follow(workerData as VadJob);
  if (flags) parentPort!.postMessage({ ok: true, flags } satisfies VadReply, [flags.buffer as ArrayBuffer]);
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies VadReply);
}

/**
 * Voice activity of every lane of a call at once: a long second lane goes to a worker thread while this thread does
 * the first, so a stereo hour takes about the time of one lane on two cores.
 */
import { Worker } from 'node:worker_threads';
import { voiceActivity, VAD_SAMPLE_RATE, type Aggressiveness } from './vad';
import type { VadJob, VadReply } from './vad-worker';

const ENTRY = new URL('./vad-worker-entry.mjs', import.meta.url);

/** Lanes shorter than this are done on this thread: starting a worker would cost more than it saves. */
const WORKER_MIN_SAMPLES = VAD_SAMPLE_RATE * 120;

/** One lane's flags from a worker (its samples are moved there, not copied). */
function inWorker(samples: Int16Array, aggressiveness: Aggressiveness): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const job: VadJob = { samples, aggressiveness };
    const worker = new Worker(ENTRY, { workerData: job, transferList: [samples.buffer as ArrayBuffer] });
    let settled = false;
    worker.once('message', (reply: VadReply) => {
      settled = true;
      void worker.terminate();
      if (reply.ok) resolve(reply.flags);
      else reject(new Error(reply.message));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`VAD worker exited with code ${code} before replying`));
    });
  });
}

/** Each lane's speech flags per frame; the lanes' samples may be handed to a worker and must not be used after. */
export async function lanesVoiceActivity(lanes: Int16Array[], aggressiveness: Aggressiveness): Promise<Uint8Array[]> {
  const [first, ...rest] = lanes;
  if (!first) return [];
  const offload = rest.length === 1 && rest[0].length >= WORKER_MIN_SAMPLES && rest[0].byteOffset === 0;
  const other = offload ? inWorker(rest[0], aggressiveness) : null;
  const flags = [await voiceActivity(first, aggressiveness)];
  if (other) flags.push(await other);
  else for (const lane of rest) flags.push(await voiceActivity(lane, aggressiveness));
  return flags;
}

/** Worker-thread side of lanesVoiceActivity: one lane's voice activity, posted back with its buffer transferred. */
import { parentPort, workerData } from 'node:worker_threads';
import { voiceActivity, type Aggressiveness } from './vad';

/** The lane a VAD worker receives as workerData. */
export interface VadJob {
  samples: Int16Array;
  aggressiveness: Aggressiveness;
}

/** What a VAD worker posts back. */
export type VadReply = { ok: true; flags: Uint8Array } | { ok: false; message: string };

const job = workerData as VadJob;
try {
  const flags = await voiceActivity(job.samples, job.aggressiveness);
  parentPort!.postMessage({ ok: true, flags } satisfies VadReply, [flags.buffer as ArrayBuffer]);
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies VadReply);
}

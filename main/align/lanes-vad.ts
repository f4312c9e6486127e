/**
 * Voice activity of every channel of a call WAV in one pass: the file is read once, in chunks, and each chunk's lanes
 * are fed to the VAD at once. A long call's last lane goes to a worker thread through a shared buffer as it is read,
 * so on two cores a stereo hour takes about the time of reading it plus one lane's VAD.
 */
import { Worker } from 'node:worker_threads';
import { readWavHeader } from '../audio/wav-header';
import { VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE, VadStream, type Aggressiveness } from './vad';
import { LANE_STATE, PROGRESS, type VadJob, type VadReply } from './shared-lane';
import { laneLength, readLaneChunks } from './wav-lane-chunks';

const ENTRY = new URL('./vad-worker-entry.mjs', import.meta.url);

/** Lanes shorter than this are done on this thread: starting a worker would cost more than it saves. */
const WORKER_MIN_SAMPLES = VAD_SAMPLE_RATE * 120;

/** A lane written into shared memory as it is read, its voice activity decided on a worker thread. */
class WorkerLane {
  private readonly lane: Int16Array;
  private readonly progress = new Int32Array(new SharedArrayBuffer(3 * 4));
  private readonly worker: Worker;
  private written = 0;
  /** The lane's flags, once the worker has decided the last frame. */
  readonly flags: Promise<Uint8Array>;

  constructor(samples: number, frames: number, aggressiveness: Aggressiveness) {
    this.lane = new Int16Array(new SharedArrayBuffer(samples * 2));
    const job: VadJob = { lane: this.lane, progress: this.progress, frames, aggressiveness };
    this.worker = new Worker(ENTRY, { workerData: job });
    this.flags = new Promise((resolve, reject) => {
      let settled = false;
      this.worker.once('message', (reply: VadReply) => {
        settled = true;
        void this.worker.terminate();
        if (reply.ok) resolve(reply.flags);
        else reject(new Error(reply.message));
      });
      this.worker.once('error', (err) => {
        settled = true;
        reject(err);
      });
      this.worker.once('exit', (code) => {
        if (!settled) reject(new Error(`VAD worker exited with code ${code} before replying`));
      });
    });
    // A worker failing while the file is still being read is reported when its flags are awaited, not before.
    this.flags.catch(() => undefined);
  }

  /** Appends the lane's next samples and wakes the worker. */
  append(samples: Int16Array): void {
    const piece = samples.subarray(0, this.lane.length - this.written);
    this.lane.set(piece, this.written);
    this.written += piece.length;
    this.signal(PROGRESS.written, this.written);
  }

  /** Tells the worker the lane is complete. */
  end(): void {
    this.signal(PROGRESS.state, LANE_STATE.done);
  }

  /** Stops the worker (the read failed). */
  abort(): void {
    this.signal(PROGRESS.state, LANE_STATE.aborted);
    void this.worker.terminate();
  }

  private signal(slot: number, value: number): void {
    Atomics.store(this.progress, slot, value);
    Atomics.add(this.progress, PROGRESS.seq, 1);
    Atomics.notify(this.progress, PROGRESS.seq);
  }
}

/** Each channel's speech flags per VAD frame in the WAV at `file`, and the file's duration. */
export async function wavVoiceActivity(file: string, aggressiveness: Aggressiveness) {
  const info = readWavHeader(file);
  const samples = laneLength(info, VAD_SAMPLE_RATE);
  const frames = Math.floor(samples / VAD_FRAME_SAMPLES);
  const remote = info.channels >= 2 && samples >= WORKER_MIN_SAMPLES;
  const here = remote ? info.channels - 1 : info.channels;
  const worker = remote ? new WorkerLane(samples, frames, aggressiveness) : null;
  const streams: VadStream[] = [];
  let flags: Uint8Array[];
  try {
    for (let c = 0; c < here; c++) streams.push(await VadStream.open(aggressiveness, frames));
    await readLaneChunks(file, info, VAD_SAMPLE_RATE, (lanes) => {
      worker?.append(lanes[here]);
      for (let c = 0; c < here; c++) streams[c].push(lanes[c]);
    });
  } catch (e) {
    worker?.abort();
    throw e;
  } finally {
    flags = streams.map((s) => s.close());
  }
  if (worker) {
    worker.end();
    flags.push(await worker.flags);
  }
  return { flags, durationMs: info.durationMs };
}

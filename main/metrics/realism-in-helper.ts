/**
 * Realism effects on a helper thread of the metrics worker (realism-worker.ts), so that on two cores the τ section's
 * realism bootstrap and randomization test run beside the rest of its tables. The helper is started once per metrics
 * thread and kept with it (ended with it, e.g. on cancel). The metrics worker computes inside one read transaction,
 * without turning its event loop, so it waits for an answer on a shared counter and takes it off the port at once.
 * If the helper stops, the effects it had not answered are computed here: the rows are the same either way.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { realismEffects, type RealismOptions, type RealismSpec, type RealismUnit } from '../stats/benchmarks/index';
import type { RealismEffectRow } from '../../shared/types/elicitation-rows';
import type { RealismRunner } from './realism-runner';

/** A computation asked of the helper. */
export interface RealismRequest {
  id: number;
  units: readonly RealismUnit[];
  specs: readonly RealismSpec[];
  options: RealismOptions;
}

/** The helper's answer: the rows, or why they could not be computed. */
export type RealismReply = { id: number; rows: RealismEffectRow[] } | { id: number; error: string };

/** Where the helper signals, in a shared Int32Array: answers given, stopped (1), started (1). */
export const ANSWERS = 0;
export const STOPPED = 1;
export const STARTED = 2;

/** The helper thread: its port and its signals. */
interface Helper {
  port: MessagePort;
  signal: Int32Array;
  next: number;
}

/** The helper of each entry module (one in the studio), kept while it runs. */
const helpers = new Map<string, Helper>();

function helperAt(entry: string): Helper {
  const running = helpers.get(entry);
  if (running && Atomics.load(running.signal, STOPPED) === 0) return running;
  const signal = new Int32Array(new SharedArrayBuffer(12));
  const { port1, port2 } = new MessageChannel();
  const workerData = { port: port2, signal: signal.buffer };
  const worker = new Worker(new URL(entry), { workerData, transferList: [port2] });
  // It never keeps the metrics thread alive; one that fails or ends is marked stopped, so the next job starts another.
  worker.unref();
  const stopped = () => Atomics.store(signal, STOPPED, 1);
  worker.on('error', stopped).on('exit', stopped);
  const made = { port: port1, signal, next: 0 };
  helpers.set(entry, made);
  return made;
}

/**
 * Waits for the answer to request `id`; null if the helper stopped without giving it, or has not started within
 * `startMs` (a helper that cannot load never says so; it is then counted as stopped).
 */
function answerTo(h: Helper, id: number, replies: Map<number, RealismReply>, startMs: number): RealismReply | null {
  const since = Date.now();
  for (;;) {
    const seen = Atomics.load(h.signal, ANSWERS);
    for (let m = receiveMessageOnPort(h.port); m; m = receiveMessageOnPort(h.port)) {
      const reply = m.message as RealismReply;
      replies.set(reply.id, reply);
    }
    const reply = replies.get(id);
    if (reply) {
      replies.delete(id);
      return reply;
    }
    if (Atomics.load(h.signal, STOPPED) !== 0) return null;
    if (Atomics.load(h.signal, STARTED) === 0 && Date.now() - since > startMs) {
      Atomics.store(h.signal, STOPPED, 1);
      return null;
    }
    Atomics.wait(h.signal, ANSWERS, seen, 100);
  }
}

/** How long a job waits for a helper that has not started before it computes realism itself (it starts in ≈0.2 s). */
const START_MS = 15_000;

/**
 * A runner for one job that sends each arm's realism effects to the helper thread whose entry module is `entry`,
 * waiting up to `startMs` for a helper that has not started.
 */
export function realismInHelper(entry: string, startMs = START_MS): RealismRunner {
  // Answers to this job's requests; one of an earlier job that stopped early is never asked for and is dropped.
  const replies = new Map<number, RealismReply>();
  return {
    warm: () => void helperAt(entry),
    start(units, specs, options) {
      const h = helperAt(entry);
      const id = h.next++;
      h.port.postMessage({ id, units, specs, options } satisfies RealismRequest);
      let rows: RealismEffectRow[] | null = null;
      return () => {
        if (rows) return rows;
        const reply = answerTo(h, id, replies, startMs);
        if (reply === null) return (rows = realismEffects(units, specs, options));
        if ('error' in reply) throw new Error(reply.error);
        return (rows = reply.rows);
      };
    },
  };
}

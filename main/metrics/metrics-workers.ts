/**
 * The metrics worker threads of this process, kept warm between jobs: a thread that finished a job waits (unreferenced,
 * so it never keeps the process alive) for the next one, which then finds its code loaded and compiled. At most one
 * thread waits; it ends after IDLE_MS without a job. A job that is cancelled or whose thread failed ends that thread.
 */
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./metrics-worker-entry.mjs', import.meta.url);

/** How long a waiting thread is kept before it ends (5 minutes). */
const IDLE_MS = 5 * 60_000;

let waiting: { worker: Worker; timer: NodeJS.Timeout; forget: () => void } | null = null;

/** A metrics worker for one job: the waiting one if there is one, else a new thread; referenced while it works. */
export function takeMetricsWorker(): Worker {
  if (!waiting) return new Worker(ENTRY);
  const { worker, timer, forget } = waiting;
  waiting = null;
  clearTimeout(timer);
  worker.off('error', ignore).off('exit', forget);
  worker.ref();
  return worker;
}

/**
 * Gives back a worker whose job ended normally (its job's listeners removed): it waits for the next job, or ends if
 * another already waits.
 */
export function returnMetricsWorker(worker: Worker): void {
  if (waiting) {
    void worker.on('error', ignore).terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (waiting?.worker === worker) waiting = null;
    void worker.on('error', ignore).terminate();
  }, IDLE_MS);
  timer.unref();
  // A waiting thread that fails or ends is forgotten (no job hears of it).
  const forget = () => {
    if (waiting?.worker !== worker) return;
    clearTimeout(waiting.timer);
    waiting = null;
  };
  worker.on('error', ignore).once('exit', forget);
  waiting = { worker, timer, forget };
}

const ignore = () => undefined;

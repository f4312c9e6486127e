/**
 * Runs a worker thread to its end. The promise settles on the thread's 'exit', never on its last message: a caller
 * that finishes (a CLI command whose process then exits) while a thread is still being torn down can abort the
 * process inside V8, and calling terminate() on a thread that is already ending by itself races with its own exit.
 */
import { Worker } from 'node:worker_threads';

/**
 * Starts `entry` with `workerData`; hands each message to `onMessage`; resolves once the thread has exited with 0.
 * `onMessage` returns 'last' for the last message it expects: an abort after it no longer ends the thread.
 */
export function runWorker<M>(
  entry: URL,
  workerData: unknown,
  onMessage: (message: M) => void | 'last',
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const worker = new Worker(entry, { workerData });
    let failure: Error | null = null;
    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      void worker.terminate();
    };
    const abort = () => fail(abortReason(signal!));
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: M) => {
      if (failure) return;
      try {
        if (onMessage(message) === 'last') signal?.removeEventListener('abort', abort);
      } catch (err) {
        fail(err instanceof Error ? err : new Error(String(err)));
      }
    });
    worker.once('error', (err) => {
      failure ??= err;
    });
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', abort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`the worker thread exited with code ${code}`));
      else resolve();
    });
  });
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('cancelled');

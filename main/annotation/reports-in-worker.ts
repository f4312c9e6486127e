/** Many agreement reports on one worker thread (one thread start instead of one per report), with progress and abort. */
import { Worker } from 'node:worker_threads';
import type { AgreementReport } from '../stats/agreement/index';
import type { BatchJob, BatchReply } from './batch-worker';

const ENTRY = new URL('./batch-worker-entry.mjs', import.meta.url);

/** A report, or why it could not be computed (e.g. a group where nobody labelled twice). */
export type ReportOutcome = { report: AgreementReport } | { problem: string };

/** Computes agreementReport for every job on a worker thread; resolves in job order; rejects when aborted or the worker dies. */
export function reportsInWorker(jobs: readonly BatchJob[], onEach?: (done: number) => void, signal?: AbortSignal): Promise<ReportOutcome[]> {
  if (jobs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: jobs });
    const out: ReportOutcome[] = new Array(jobs.length);
    let done = 0;
    const abort = () => {
      void worker.terminate();
      reject(signal?.reason instanceof Error ? signal.reason : new Error('cancelled'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (reply: BatchReply) => {
      out[reply.index] = reply.ok ? { report: reply.report } : { problem: reply.message };
      onEach?.(++done);
      if (done === jobs.length) {
        signal?.removeEventListener('abort', abort);
        void worker.terminate();
        resolve(out);
      }
    });
    worker.once('error', (err) => {
      signal?.removeEventListener('abort', abort);
      reject(err);
    });
    worker.once('exit', (code) => {
      if (done < jobs.length) reject(new Error(`agreement worker exited with code ${code} after ${done} of ${jobs.length} reports`));
    });
  });
}

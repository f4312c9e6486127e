/**
 * An import on a worker thread with its own database connection, so that the thread that calls it (the studio's
 * server, answering label saves and everything else) stays free: progress arrives as the worker writes, and a cancel
 * stops it between two of its transactions. A worker that does not stop within CANCEL_GRACE_MS is ended, and what it
 * wrote is deleted here.
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/open';
import { nativeBindingOf } from '../db/open';
import { discardStaging } from '../db/import-staging';
import { DomainError } from '../domain/errors';
import type { ImportSummary } from '../../shared/methods/imports';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';
import type { ImportCommand, ImportJob, ImportMessage } from './import-worker';
import { TAU2_CHUNK_WORKER } from './tau2/import-tau2';
import type { WriteOptions } from './write-batch';

const ENTRY = new URL('./import-worker-entry.mjs', import.meta.url);

/** How long a cancelled import may take to stop by itself before its worker is ended. */
const CANCEL_GRACE_MS = 10_000;

/** Imports like importPath; on a worker thread for a database file (an in-memory one is imported on this thread). */
export function importInWorker(
  db: Db,
  path: string,
  format: SourceFormat,
  options: WriteOptions,
): Promise<ImportSummary> {
  if (db.memory) return importPath(db, path, format, options);
  const job: ImportJob = {
    file: db.name,
    nativeBinding: nativeBindingOf(db),
    path,
    format,
    studyName: options.studyName,
    now: options.now.toISOString(),
    chunkWorker: TAU2_CHUNK_WORKER.href,
  };
  return new Promise<ImportSummary>((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: job });
    const { signal } = options;
    let importId: number | null = null;
    let reported = false;
    let settled = false;
    let stopTimer: NodeJS.Timeout | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      clearTimeout(stopTimer);
      outcome();
    };
    const cancel = () => {
      worker.postMessage({ kind: 'cancel' } satisfies ImportCommand);
      stopTimer = setTimeout(() => void worker.terminate(), CANCEL_GRACE_MS);
    };
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (m: ImportMessage) => {
      if (m.kind === 'staged') importId = m.importId;
      else if (m.kind === 'progress') options.onProgress?.(m.done, m.total, m.message);
      else {
        reported = true;
        settle(() => (m.kind === 'done' ? resolve(m.summary) : reject(failure(m, signal))));
      }
    });
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => {
      // a worker that was ended or died mid-import left its hidden rows: they are deleted here, not at the next open
      if (!reported && importId !== null) discardStaging(db, importId);
      settle(() => reject(signal?.aborted ? abortReason(signal) : new Error(`the import stopped (exit code ${code})`)));
    });
  });
}

/** The error a failed import rejects with: the cancel's reason, the domain error it was, or a plain one. */
function failure(m: Extract<ImportMessage, { kind: 'failed' }>, signal: AbortSignal | undefined): Error {
  if (m.cancelled && signal?.aborted) return abortReason(signal);
  return m.code ? new DomainError(m.code, m.message) : new Error(m.message);
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('cancelled');

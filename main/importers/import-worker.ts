/**
 * Worker thread of an import started from the studio (import-in-worker.ts): opens its own connection to the database,
 * imports, and posts progress and the outcome; a cancel from the main thread aborts the import between transactions.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '../db/open';
import { DomainError, type DomainErrorCode } from '../domain/errors';
import type { ImportSummary } from '../../shared/methods/imports';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';

/** What the worker is given. */
export interface ImportJob {
  /** The database file and the native binding it was opened with. */
  file: string;
  nativeBinding?: string;
  path: string;
  format: SourceFormat;
  studyName?: string;
  /** The import's time, ISO. */
  now: string;
  /** The τ² chunk workers' entry, as the main thread resolves it. */
  chunkWorker: string;
}

/** What the worker posts. */
export type ImportMessage =
  | { kind: 'staged'; importId: number }
  | { kind: 'progress'; done: number; total: number; message: string }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'failed'; message: string; code: DomainErrorCode | null; cancelled: boolean };

/** What the main thread posts. */
export interface ImportCommand {
  kind: 'cancel';
}

const job = workerData as ImportJob;
const port = parentPort!;
const controller = new AbortController();
const post = (message: ImportMessage) => port.postMessage(message);
port.on('message', (command: ImportCommand) => {
  if (command.kind === 'cancel') controller.abort(new Error('cancelled by the user'));
});

let db: Db | null = null;
try {
  db = openDatabase(job.file, job.nativeBinding ? { nativeBinding: job.nativeBinding } : {});
  const summary = await importPath(db, job.path, job.format, {
    now: new Date(job.now),
    studyName: job.studyName,
    signal: controller.signal,
    onStaged: (importId) => post({ kind: 'staged', importId }),
    onProgress: (done, total, message) => post({ kind: 'progress', done, total, message }),
    chunkWorker: new URL(job.chunkWorker),
  });
  post({ kind: 'done', summary });
} catch (err) {
  post({
    kind: 'failed',
    message: err instanceof Error ? err.message : String(err),
    code: err instanceof DomainError ? err.code : null,
    cancelled: controller.signal.aborted,
  });
} finally {
  db?.close();
  port.close();
}

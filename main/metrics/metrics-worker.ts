/**
 * Worker thread of a study's figures (metrics-in-worker.ts): for each job it is sent, opens its own read-only
 * connection to the database, reads one snapshot of it, and posts the head and then each section as it finishes,
 * cheapest first, then waits for the next job (metrics-workers.ts keeps it warm between jobs). The main thread
 * cancels by ending the thread (it writes nothing).
 */
import { parentPort } from 'node:worker_threads';
import { openReadOnly } from '../db/open-read-only';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/open';
import { DomainError, type DomainErrorCode } from '../domain/errors';
import type { MetricsOptions } from '../../shared/types/metrics';
import type { MetricsHead, MetricsSection } from '../../shared/types/metrics-sections';
import { inCostOrder, studySections } from './study-sections';
import { forgetClusterDraws, KEPT_BETWEEN_JOBS_BYTES } from '../stats/benchmarks/cluster-draws';
import { realismInHelper } from './realism-in-helper';

/** What the worker is given. */
export interface MetricsJob {
  file: string;
  nativeBinding?: string;
  studyId: number;
  options: MetricsOptions;
  /** The realism helper's entry module (href) as the main thread resolves it; without one, realism is computed here. */
  realismWorker?: string;
}

/** What the worker posts: the head, each section, then done or the failure. */
export type MetricsMessage =
  | { kind: 'head'; head: MetricsHead }
  | { kind: 'section'; section: MetricsSection }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; code: DomainErrorCode | null };

const port = parentPort!;
const post = (message: MetricsMessage) => port.postMessage(message);

/** Computes one job on its own connection, opened for it and closed after it, posting as it goes. */
function compute(job: MetricsJob): void {
  let db: Db | null = null;
  let last: MetricsMessage = { kind: 'done' };
  try {
    db = openReadOnly(job.file, job.nativeBinding ? { nativeBinding: job.nativeBinding } : {});
    const conn = db;
    inTransaction(conn, () => {
      const realism = job.realismWorker ? realismInHelper(job.realismWorker) : undefined;
      const { head, tasks } = studySections(conn, job.studyId, job.options, realism);
      post({ kind: 'head', head });
      // What another thread can compute starts once the first section is out: that one (interaction) reads the
      // database alone, and does not wait for the episodes that the starts load.
      inCostOrder(tasks).forEach((task, at) => {
        post({ kind: 'section', section: task.compute() });
        if (at === 0) for (const other of tasks) other.start?.();
      });
    });
  } catch (err) {
    last = {
      kind: 'failed',
      message: err instanceof Error ? err.message : String(err),
      code: err instanceof DomainError ? err.code : null,
    };
  } finally {
    db?.close();
    forgetClusterDraws(KEPT_BETWEEN_JOBS_BYTES);
  }
  // after the connection is closed, so nothing of this job can reach the next one
  post(last);
}

port.on('message', (job: MetricsJob) => compute(job));

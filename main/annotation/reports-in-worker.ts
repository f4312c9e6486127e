/** Many agreement reports on one worker thread (one start instead of one per report), with progress and abort. */
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import type { AgreementReport, SetDistance } from '../stats/agreement/index';
import { runWorker } from '../util/run-worker';
import type { BatchJob, BatchReply } from './batch-worker';

const ENTRY = new URL('./batch-worker-entry.mjs', import.meta.url);

/** A report or a set job's intervals, or why it could not be computed (e.g. a group where nobody labelled twice). */
export type ReportOutcome =
  | { report: AgreementReport }
  | { sets: Record<SetDistance, BootstrapInterval> }
  | { problem: string };

/** Why an outcome holds no report; a set job's intervals read as a report are a fault of the caller's indices. */
export function problemOf(outcome: ReportOutcome): string {
  if ('problem' in outcome) return outcome.problem;
  throw new Error('an agreement job was read as another kind of job (set intervals as a report)');
}

/**
 * Computes every job (agreementReport, or setAlphaIntervals for a set job) on a worker thread; resolves in job order
 * once the thread has ended; rejects when aborted or when the worker dies or ends before its last report.
 */
export async function reportsInWorker(
  jobs: readonly BatchJob[],
  onEach?: (done: number) => void,
  signal?: AbortSignal,
): Promise<ReportOutcome[]> {
  if (jobs.length === 0) return [];
  const out: ReportOutcome[] = new Array(jobs.length);
  let done = 0;
  await runWorker<BatchReply>(
    ENTRY,
    jobs,
    (reply) => {
      out[reply.index] = !reply.ok
        ? { problem: reply.message }
        : 'report' in reply
          ? { report: reply.report }
          : { sets: reply.sets };
      onEach?.(++done);
      return done === jobs.length ? 'last' : undefined;
    },
    signal,
  );
  if (done < jobs.length) throw new Error(`the agreement worker ended after ${done} of ${jobs.length} reports`);
  return out;
}

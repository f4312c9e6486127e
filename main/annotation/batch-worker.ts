/** Worker-thread side of reportsInWorker: computes many agreement reports (and set α intervals), posting each. */
import { parentPort, workerData } from 'node:worker_threads';
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import {
  agreementReport,
  setAlphaIntervals,
  type AgreementOptions,
  type AgreementReport,
  type BootstrapOptions,
  type RatingsTable,
  type SetDistance,
  type SetRatings,
} from '../stats/agreement/index';

/** One job: an agreement report, or the MASI and Jaccard α intervals of a multi-label field's label sets. */
export type BatchJob =
  | { table: RatingsTable; options: AgreementOptions }
  | { sets: SetRatings; options: BootstrapOptions };

/** What the worker posts for each job, in order. */
export type BatchReply =
  | { index: number; ok: true; report: AgreementReport }
  | { index: number; ok: true; sets: Record<SetDistance, BootstrapInterval> }
  | { index: number; ok: false; message: string };

const jobs = workerData as BatchJob[];
jobs.forEach((job, index) => {
  let reply: BatchReply;
  try {
    reply =
      'sets' in job
        ? { index, ok: true, sets: setAlphaIntervals(job.sets, job.options) }
        : { index, ok: true, report: agreementReport(job.table, job.options) };
  } catch (err) {
    reply = { index, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});

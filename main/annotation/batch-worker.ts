/** Worker-thread side of reportsInWorker: computes many agreement reports, posting each as it is done. */
import { parentPort, workerData } from 'node:worker_threads';
import { agreementReport, type AgreementOptions, type AgreementReport, type RatingsTable } from '../stats/agreement/index';

/** One report to compute. */
export interface BatchJob {
  table: RatingsTable;
  options: AgreementOptions;
}

/** What the worker posts for each job, in order. */
export type BatchReply = { index: number; ok: true; report: AgreementReport } | { index: number; ok: false; message: string };

const jobs = workerData as BatchJob[];
jobs.forEach((job, index) => {
  let reply: BatchReply;
  try {
    reply = { index, ok: true, report: agreementReport(job.table, job.options) };
  } catch (err) {
    reply = { index, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});

/** Runs the agreement report (all statistics and their bootstrap intervals) on a worker thread so the caller is not blocked. */
import { Worker } from 'node:worker_threads';
import type { AgreementOptions, AgreementReport } from './report';
import type { ReportJob, ReportReply } from './report-worker';
import type { RatingsTable } from './ratings';

// The worker entry: a small .mjs that runs the TypeScript worker from the sources (main/util/ts-worker.mjs).
const REPORT_WORKER_ENTRY = new URL('./report-worker-entry.mjs', import.meta.url);

/** Same result as agreementReport(table, options), computed on a worker thread; rejects with the worker's error message. */
export function bootstrapInWorker(table: RatingsTable, options: AgreementOptions = {}): Promise<AgreementReport> {
  return new Promise((resolve, reject) => {
    const job: ReportJob = { table, options };
    const worker = new Worker(REPORT_WORKER_ENTRY, { workerData: job });
    let settled = false;
    worker.once('message', (reply: ReportReply) => {
      settled = true;
      if (reply.ok) resolve(reply.report);
      else reject(new Error(reply.message));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`agreement worker exited with code ${code} before replying`));
    });
  });
}

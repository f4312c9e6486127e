/** Worker-thread side of bootstrapInWorker: computes one agreement report from workerData and posts it back. */
import { parentPort, workerData } from 'node:worker_threads';
import { DomainError, type DomainErrorCode } from '../../domain/errors';
import { agreementReport, type AgreementOptions, type AgreementReport } from './report';
import type { RatingsTable } from './ratings';

/** The message a report worker receives as workerData. */
export interface ReportJob {
  table: RatingsTable;
  options: AgreementOptions;
}

/** The message a report worker posts back; a failure keeps the code of a DomainError (null for any other error). */
export type ReportReply =
  | { ok: true; report: AgreementReport }
  | { ok: false; message: string; code: DomainErrorCode | null };

const job = workerData as ReportJob;
let reply: ReportReply;
try {
  reply = { ok: true, report: agreementReport(job.table, job.options) };
} catch (err) {
  const code = err instanceof DomainError ? err.code : null;
  reply = { ok: false, message: err instanceof Error ? err.message : String(err), code };
}
parentPort!.postMessage(reply);

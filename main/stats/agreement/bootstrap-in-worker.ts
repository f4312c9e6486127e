/** Runs the agreement report (all statistics and their intervals) on a worker thread so the caller is not blocked. */
import { DomainError } from '../../domain/errors';
import { runWorker } from '../../util/run-worker';
import type { AgreementOptions, AgreementReport } from './report';
import type { ReportJob, ReportReply } from './report-worker';
import type { RatingsTable } from './ratings';

// The worker entry: a small .mjs that runs the TypeScript worker from the sources (main/util/ts-worker.mjs).
const REPORT_WORKER_ENTRY = new URL('./report-worker-entry.mjs', import.meta.url);

/**
 * Same result as agreementReport(table, options), computed on a worker thread; rejects with the worker's message (a
 * DomainError with its code when the report refused the input).
 */
export async function bootstrapInWorker(
  table: RatingsTable,
  options: AgreementOptions = {},
): Promise<AgreementReport> {
  const job: ReportJob = { table, options };
  let reply = null as ReportReply | null;
  await runWorker<ReportReply>(REPORT_WORKER_ENTRY, job, (message) => {
    reply ??= message;
    return 'last';
  });
  if (!reply) throw new Error('the agreement worker ended without replying');
  if (!reply.ok) throw reply.code === null ? new Error(reply.message) : new DomainError(reply.code, reply.message);
  return reply.report;
}

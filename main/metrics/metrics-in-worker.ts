/**
 * A study's figures on a worker thread with its own read-only connection (metrics-worker.ts), so that the thread that
 * asks (the studio's server, answering label saves and everything else) stays free: the head and then each section
 * arrive as they are computed, and a cancel ends the thread at once (it writes nothing). A thread whose job ended is
 * kept warm for the next (metrics-workers.ts). An in-memory database is computed on this thread, section by section,
 * yielding between them.
 */
import type { Db } from '../db/open';
import { nativeBindingOf } from '../db/open';
import { DomainError } from '../domain/errors';
import type { MetricsOptions } from '../../shared/types/metrics';
import type { MetricsHead, MetricsSection } from '../../shared/types/metrics-sections';
import type { MetricsJob, MetricsMessage } from './metrics-worker';
import { inCostOrder, studySections } from './study-sections';
import { returnMetricsWorker, takeMetricsWorker } from './metrics-workers';

/** The realism helper's entry beside this module, resolved here (a worker bundled from the sources runs elsewhere). */
const REALISM_WORKER = new URL('./realism-worker-entry.mjs', import.meta.url);

/** Where the head and the sections go as they are computed. */
export interface SectionSink {
  head(head: MetricsHead): void;
  section(section: MetricsSection): void;
}

/** Computes the figures of `studyId` into `sink`; resolves when the last section is in, rejects when cancelled or failed. */
export function metricsInWorker(
  db: Db,
  studyId: number,
  options: MetricsOptions,
  sink: SectionSink,
  signal?: AbortSignal,
): Promise<void> {
  if (db.memory) return onThisThread(db, studyId, options, sink, signal);
  const job: MetricsJob = {
    file: db.name,
    nativeBinding: nativeBindingOf(db),
    studyId,
    options,
    realismWorker: REALISM_WORKER.href,
  };
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const worker = takeMetricsWorker();
    let settled = false;
    /** Settles the job; the thread is kept for the next job only when this one ended normally. */
    const settle = (outcome: () => void, keep: boolean) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep) returnMetricsWorker(worker);
      else void worker.on('error', ignore).terminate();
      outcome();
    };
    const cancel = () => settle(() => reject(abortReason(signal!)), false);
    const onMessage = (m: MetricsMessage) => {
      if (m.kind === 'head') sink.head(m.head);
      else if (m.kind === 'section') sink.section(m.section);
      else if (m.kind === 'done') settle(resolve, true);
      else settle(() => reject(m.code ? new DomainError(m.code, m.message) : new Error(m.message)), true);
    };
    const onError = (err: Error) => settle(() => reject(err), false);
    const onExit = (code: number) =>
      settle(() => reject(new Error(`the metrics worker stopped (exit code ${code})`)), false);
    signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job);
  });
}

async function onThisThread(
  db: Db,
  studyId: number,
  options: MetricsOptions,
  sink: SectionSink,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { head, tasks } = studySections(db, studyId, options);
  sink.head(head);
  for (const task of inCostOrder(tasks)) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw abortReason(signal);
    sink.section(task.compute());
  }
}

/** A thread being ended may still report an error: it concerns no job. */
const ignore = () => undefined;

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('cancelled');

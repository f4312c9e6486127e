/**
 * `metrics.start`: a study's figures computed in a job on a worker thread (main/metrics/metrics-in-worker.ts), so the
 * server's thread keeps answering. The head and each section are pushed as `metrics.section` events as they finish;
 * `job.progress` counts the sections; `jobs.cancel` ends the worker.
 */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { findStudy } from '../db/studies';
import { notFound } from '../domain/errors';
import { metricsInWorker } from '../metrics/metrics-in-worker';

/** Starts the job; an unknown study is refused at once, before any job starts. */
export function metricsStart(s: Services, input: MethodInput<'metrics.start'>): MethodOutput<'metrics.start'> {
  const { studyId } = input;
  if (!findStudy(s.db, studyId)) throw notFound(`study ${studyId}`);
  const { jobId, done } = s.jobs.start('metrics', async ({ signal, progress }) => {
    let total = 0;
    let finished = 0;
    progress(0, 0, 'reading the study');
    await metricsInWorker(
      s.db,
      studyId,
      input.options ?? {},
      {
        head(head) {
          total = head.sections.length;
          s.events.emit('metrics.section', { jobId, studyId, kind: 'head', head });
          progress(0, total, `computing ${total} section(s)`);
        },
        section(section) {
          s.events.emit('metrics.section', { jobId, studyId, kind: 'section', section });
          progress(++finished, total, `${section.id} done`);
        },
      },
      signal,
    );
    return null;
  });
  done.catch(() => {
    /* reported through the job's final progress event */
  });
  return { jobId };
}

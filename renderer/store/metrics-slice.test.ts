// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import type { MetricsHead, MetricsSection, MetricsSectionEvent } from '../../shared/types/metrics-sections';
import type { MetricsTable } from '../../shared/types/metrics';
import {
  CallFailed,
  calls,
  deferred,
  handlers,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

const { useApp } = await import('./index');

const headOf = (studyId: number, episodes = 10): MetricsHead => ({
  study: { id: studyId, name: `study ${studyId}`, benchmark: 'vera' },
  options: { resamples: 100, seed: 1, confidence: 0.95, textSystems: [], notAttempted: 'incorrect' },
  episodes,
  families: [{ family: 'vera', episodes }],
  sections: [
    { id: 'vera', index: 0, title: 'VERA' },
    { id: 'transcription', index: 1, title: 'Transcription' },
  ],
});
const table = (id: string, section: string): MetricsTable => ({ id, section, title: id, columns: [], rows: [] });
const veraSection: MetricsSection = {
  id: 'vera',
  index: 0,
  part: { key: 'vera', value: { episodes: 10, tracks: [], systems: [], gaps: [], scatter: [], wer: { answer: [], question: [], answerAbsent: null, questionAbsent: null } } },
  tables: [table('vera-accuracy', 'vera')],
  notes: ['vera: 1 response(s) have no grade: never counted'],
};
const transcriptionSection: MetricsSection = {
  id: 'transcription',
  index: 1,
  part: { key: 'transcription', value: [] },
  tables: [table('transcription-wer', 'transcription')],
  notes: [],
};
const section = (jobId: string, studyId: number, s: MetricsSection): MetricsSectionEvent => ({
  jobId,
  studyId,
  kind: 'section',
  section: s,
});
const head = (jobId: string, studyId: number, episodes = 10): MetricsSectionEvent => ({
  jobId,
  studyId,
  kind: 'head',
  head: headOf(studyId, episodes),
});
const end = (jobId: string, error: string | null = null, message = 'done'): EventPayloads['job.progress'] => ({
  jobId,
  kind: 'metrics',
  done: 2,
  total: 2,
  message,
  finished: true,
  error,
  result: null,
});

let nextJob = 0;
const store = () => useApp.getState();

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1 });
  handlers.set('metrics.start', () => ({ jobId: `job-${++nextJob}` }));
  handlers.set('jobs.cancel', () => ({ cancelled: true }));
});

describe('the Results view', () => {
  it('opens and closes without computing anything itself', () => {
    store().setMetricsOpen(true);
    expect(store().metricsOpen).toBe(true);
    store().setMetricsOpen(false);
    expect([store().metricsOpen, calls]).toEqual([false, []]);
  });

  it('starts a job for the open study with its options, and shows sections as they arrive, in document order', async () => {
    useApp.setState({ metricsOptions: { seed: 3 } });
    await store().loadMetrics();
    expect(calls).toEqual([['metrics.start', { studyId: 1, options: { seed: 3 } }]]);
    const { jobId } = store().metricsProgress!;
    expect([store().metricsLoading, store().metrics]).toEqual([true, null]);
    store().onMetricsSection(head(jobId, 1));
    expect([store().metrics?.episodes, store().metrics?.tables, store().metricsProgress?.sections.length]).toEqual([
      10,
      [],
      2,
    ]);
    store().onMetricsSection(section(jobId, 1, transcriptionSection));
    expect(store().metrics?.tables.map((t) => t.id)).toEqual(['transcription-wer']);
    expect([store().metricsLoading, store().metricsProgress?.done]).toEqual([true, ['transcription']]);
    store().onMetricsSection(section(jobId, 1, veraSection));
    store().onMetricsJob(end(jobId));
    expect(store().metrics?.tables.map((t) => t.id)).toEqual(['vera-accuracy', 'transcription-wer']);
    expect(store().metrics?.vera?.episodes).toBe(10);
    expect(store().metrics?.notes).toEqual(veraSection.notes);
    expect([store().metricsLoading, store().metricsError, store().metricsProgress?.finished]).toEqual([
      false,
      null,
      true,
    ]);
  });

  it('computes nothing without a study', async () => {
    useApp.setState({ studyId: null });
    await store().loadMetrics();
    expect([calls, store().metricsLoading]).toEqual([[], false]);
  });

  it('cancels the older job when a newer request starts (study switch), and ignores the older job’s late sections', async () => {
    await store().loadMetrics();
    const older = store().metricsProgress!.jobId;
    store().onMetricsSection(head(older, 1));
    useApp.setState({ studyId: 2 });
    await store().loadMetrics();
    const newer = store().metricsProgress!.jobId;
    expect(calls.map(([m, i]) => [m, i.jobId ?? i.studyId])).toEqual([
      ['metrics.start', 1],
      ['jobs.cancel', older],
      ['metrics.start', 2],
    ]);
    store().onMetricsSection(section(older, 1, veraSection));
    store().onMetricsJob(end(older, 'cancelled; nothing was changed', 'cancelled'));
    expect([store().metrics?.study.id, store().metricsLoading]).toEqual([1, true]);
    store().onMetricsSection(head(newer, 2));
    expect([store().metrics?.study.id, store().metrics?.tables]).toEqual([2, []]);
  });

  it('cancels a job whose start answers after a newer request was made (option change)', async () => {
    const slow = deferred<{ jobId: string }>();
    handlers.set('metrics.start', (i) =>
      i.options && 'notAttempted' in (i.options as object) ? { jobId: 'new' } : slow.promise,
    );
    const first = store().loadMetrics();
    await store().setMetricsOptions({ notAttempted: 'exclude' });
    slow.resolve({ jobId: 'old' });
    await first;
    expect(calls.filter(([m]) => m === 'jobs.cancel')).toEqual([['jobs.cancel', { jobId: 'old' }]]);
    expect(store().metricsProgress?.jobId).toBe('new');
  });

  it('keeps the sections that came before metrics.start answered', async () => {
    const started = deferred<{ jobId: string }>();
    handlers.set('metrics.start', () => started.promise);
    const loading = store().loadMetrics();
    store().onMetricsSection(head('fast', 1, 7));
    store().onMetricsSection(section('fast', 1, veraSection));
    started.resolve({ jobId: 'fast' });
    await loading;
    expect([store().metrics?.episodes, store().metricsProgress?.done]).toEqual([7, ['vera']]);
  });

  it('Cancel stops the job and keeps the sections in; a failed job shows its error', async () => {
    await store().loadMetrics();
    const { jobId } = store().metricsProgress!;
    store().onMetricsSection(head(jobId, 1));
    store().onMetricsSection(section(jobId, 1, veraSection));
    await store().cancelMetrics();
    expect(calls.at(-1)).toEqual(['jobs.cancel', { jobId }]);
    store().onMetricsSection(section(jobId, 1, transcriptionSection));
    expect([store().metricsLoading, store().metricsProgress?.cancelled, store().metrics?.tables.length]).toEqual([
      false,
      true,
      1,
    ]);
    await store().loadMetrics();
    const again = store().metricsProgress!.jobId;
    store().onMetricsJob(end(again, 'study 1: database is locked'));
    expect([store().metricsError, store().metricsLoading]).toEqual(['study 1: database is locked', false]);
  });

  it('shows a refused start, and drops it on the next request', async () => {
    handlers.set('metrics.start', () => {
      throw new CallFailed('not_found', 'study 1 not found');
    });
    await store().loadMetrics();
    expect([store().metricsError, store().metricsLoading]).toEqual(['study 1 not found', false]);
    handlers.set('metrics.start', () => ({ jobId: 'ok' }));
    await store().loadMetrics();
    expect([store().metricsError, store().metricsLoading]).toEqual([null, true]);
  });
});

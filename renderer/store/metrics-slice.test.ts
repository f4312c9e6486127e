// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudyMetrics } from '../../shared/types/metrics';
import {
  CallFailed,
  calls,
  deferred,
  handlers,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', () => ({ prepareMedia: vi.fn(), takeMedia: vi.fn() }));

const { useApp } = await import('./index');

const metricsOf = (studyId: number, episodes = 10) =>
  ({ study: { id: studyId, name: `study ${studyId}`, benchmark: 'vera' }, episodes }) as StudyMetrics;

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1 });
  handlers.set('metrics.study', (i) => metricsOf(i.studyId as number));
});

describe('the Results view', () => {
  it('opens and closes without computing anything itself', () => {
    useApp.getState().setMetricsOpen(true);
    expect(useApp.getState().metricsOpen).toBe(true);
    useApp.getState().setMetricsOpen(false);
    expect([useApp.getState().metricsOpen, calls]).toEqual([false, []]);
  });

  it('computes the open study with its options, loading meanwhile', async () => {
    useApp.setState({ metricsOptions: { seed: 3 } });
    const loading = useApp.getState().loadMetrics();
    expect([useApp.getState().metricsLoading, useApp.getState().metricsError]).toEqual([true, null]);
    await loading;
    expect(calls).toEqual([['metrics.study', { studyId: 1, options: { seed: 3 } }]]);
    expect([useApp.getState().metrics?.study.id, useApp.getState().metricsLoading]).toEqual([1, false]);
  });

  it('computes nothing without a study', async () => {
    useApp.setState({ studyId: null });
    await useApp.getState().loadMetrics();
    expect([calls, useApp.getState().metricsLoading]).toEqual([[], false]);
  });

  it('merges changed options into the ones in force and computes again with them', async () => {
    await useApp.getState().setMetricsOptions({ notAttempted: 'exclude' });
    await useApp.getState().setMetricsOptions({ textSystems: ['gpt-4o-text'] });
    const options = { notAttempted: 'exclude', textSystems: ['gpt-4o-text'] };
    expect(useApp.getState().metricsOptions).toEqual(options);
    expect(calls.map(([, i]) => i)).toEqual([
      { studyId: 1, options: { notAttempted: 'exclude' } },
      { studyId: 1, options },
    ]);
  });

  it('keeps the newest figures when an older computation (e.g. of the study left) answers after it', async () => {
    const slow = deferred<StudyMetrics>();
    handlers.set('metrics.study', (i) => (i.studyId === 1 ? slow.promise : metricsOf(2)));
    const older = useApp.getState().loadMetrics();
    useApp.setState({ studyId: 2 });
    await useApp.getState().loadMetrics();
    slow.resolve(metricsOf(1));
    await older;
    expect([useApp.getState().metrics?.study.id, useApp.getState().metricsLoading]).toEqual([2, false]);
  });

  it('shows a failure, drops it on the next reload, and ignores the failure of a computation overtaken', async () => {
    handlers.set('metrics.study', () => {
      throw new CallFailed('not_found', 'study 1 not found');
    });
    await useApp.getState().loadMetrics();
    expect([useApp.getState().metricsError, useApp.getState().metricsLoading]).toEqual(['study 1 not found', false]);
    const failing = deferred<StudyMetrics>();
    handlers.set('metrics.study', () => failing.promise);
    const older = useApp.getState().loadMetrics();
    expect(useApp.getState().metricsError).toBeNull();
    handlers.set('metrics.study', () => metricsOf(1, 12));
    await useApp.getState().loadMetrics();
    failing.reject(new CallFailed('internal', 'too late'));
    await older;
    expect([useApp.getState().metricsError, useApp.getState().metrics?.episodes]).toEqual([null, 12]);
  });
});

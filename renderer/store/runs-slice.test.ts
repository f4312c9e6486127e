// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import {
  CallFailed,
  calls,
  handlers,
  methodsCalled,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

const { useApp } = await import('./index');
const { estimateEta } = await import('./runs-slice');

const RUN_JOB = '6f1c2a0e-2b7d-4c1e-9f3a-0d5b8e7c6a41';
const JUDGE_JOB = '0b8f4c3d-1e2a-4f5b-8c7d-9e0a1b2c3d4e';
type Progress = EventPayloads['job.progress'];
const progress = (jobId: string, done: number, more: Partial<Progress> = {}): Progress => ({
  jobId,
  kind: 'run',
  done,
  total: 10,
  message: `${done}/10`,
  finished: false,
  error: null,
  result: null,
  ...more,
});
const loads = () => methodsCalled().filter((m) => m === 'runs.list').length;

afterEach(async () => {
  vi.useRealTimers();
  await settleDeferreds();
});
beforeEach(() => {
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ annotatorId: 7 });
  handlers.set('runs.list', () => [{ id: 1 }]);
  handlers.set('runs.examples', () => [{ kind: 'set', name: 'mini.jsonl' }]);
  handlers.set('keys.status', () => ({ env: 'OPENAI_API_KEY', source: 'env', canStore: false }));
  handlers.set('runs.start', () => ({ runId: 1, jobId: RUN_JOB }));
  handlers.set('runs.resume', () => ({ runId: 1, jobId: RUN_JOB }));
  handlers.set('judge.start', () => ({ jobId: JUDGE_JOB }));
  handlers.set('jobs.cancel', () => ({ cancelled: true }));
});

describe('estimateEta', () => {
  it('is the time per unit since first seen times the units left', () => {
    // 4 units done since first seen at 2 done, 1 000 ms ago: 500 ms a unit, 6 left → 3 000 ms.
    expect(estimateEta({ firstSeenAt: 0, firstDone: 2, done: 4, total: 10 }, 1000)).toBe(3000);
  });

  it('is unknown before any progress since first seen, and once everything is done', () => {
    expect(estimateEta({ firstSeenAt: 0, firstDone: 2, done: 2, total: 10 }, 1000)).toBeNull();
    expect(estimateEta({ firstSeenAt: 0, firstDone: 2, done: 10, total: 10 }, 1000)).toBeNull();
  });
});

describe('the Runs view', () => {
  it('loads runs, example configs and where the key comes from when opened', async () => {
    useApp.getState().setRunsOpen(true);
    await vi.waitFor(() => expect(useApp.getState().keyStatus?.source).toBe('env'));
    expect(methodsCalled().sort()).toEqual(['keys.status', 'runs.examples', 'runs.list']);
    expect(useApp.getState().runs).toEqual([{ id: 1 }]);
    useApp.getState().setRunsOpen(false);
    expect(calls).toHaveLength(3);
  });

  it('shows a failure to load', async () => {
    handlers.set('keys.status', () => {
      throw new CallFailed('internal', 'keys.status failed');
    });
    await useApp.getState().loadRuns();
    expect(useApp.getState().runsError).toBe('keys.status failed');
  });

  it('asks for a set and a system before starting; starts with the form, no judge and a trimmed study', async () => {
    await useApp.getState().startRunJob();
    expect([calls, useApp.getState().runsError]).toEqual([[], 'choose an episode set and a system config']);
    useApp.getState().setRunForm({ set: 'mini.jsonl', system: 'text.json', study: ' Pilot ', repeats: 3 });
    await useApp.getState().startRunJob();
    expect(calls[0]).toEqual([
      'runs.start',
      { set: 'mini.jsonl', system: 'text.json', judge: null, repeats: 3, concurrency: 2, study: 'Pilot' },
    ]);
    expect(useApp.getState().runJobs).toMatchObject([{ jobId: RUN_JOB, kind: 'run', message: 'starting' }]);
    expect([useApp.getState().runsError, loads()]).toEqual([null, 1]);
  });

  it('resumes a run as one job, however often asked; a refusal is shown', async () => {
    await useApp.getState().resumeRunJob(1);
    await useApp.getState().resumeRunJob(1);
    expect(useApp.getState().runJobs.map((j) => j.jobId)).toEqual([RUN_JOB]);
    handlers.set('runs.resume', () => {
      throw new CallFailed('not_found', 'run 9 not found');
    });
    await useApp.getState().resumeRunJob(9);
    expect(useApp.getState().runsError).toBe('run 9 not found');
  });

  it('cancels a job, and shows a cancel that failed', async () => {
    await useApp.getState().cancelRunJob(RUN_JOB);
    expect(calls).toEqual([['jobs.cancel', { jobId: RUN_JOB }]]);
    handlers.set('jobs.cancel', () => {
      throw new CallFailed('bad_frame', 'the connection to the studio closed');
    });
    await useApp.getState().cancelRunJob(RUN_JOB);
    expect(useApp.getState().runsError).toBe('the connection to the studio closed');
  });
});

describe('judging and comparing', () => {
  it('asks for a judge config first; re-judges the whole study or only the items labelled on a field', async () => {
    await useApp.getState().rejudgeStudy(1);
    expect([calls, useApp.getState().runsError]).toEqual([[], 'choose a judge config']);
    useApp.getState().setRunForm({ judge: 'gpt-4o-mini.json' });
    await useApp.getState().rejudgeStudy(1);
    await useApp.getState().rejudgeStudy(1, 'severity');
    expect(calls.map(([, i]) => i)).toEqual([
      { studyId: 1, judge: 'gpt-4o-mini.json' },
      { studyId: 1, judge: 'gpt-4o-mini.json', onlyLabelled: 'severity' },
    ]);
    expect(useApp.getState().runJobs).toMatchObject([{ jobId: JUDGE_JOB, kind: 'judge' }]);
  });

  it('compares judges as the current annotator, and asks who you are first', async () => {
    handlers.set('judge.compare', (i) => ({ studyId: i.studyId, rows: [] }));
    await useApp.getState().compareJudges(1, 'severity');
    expect(calls).toEqual([['judge.compare', { studyId: 1, viewerId: 7, field: 'severity' }]]);
    expect(useApp.getState().comparison).toEqual({ studyId: 1, rows: [] });
    useApp.setState({ annotatorId: null });
    await useApp.getState().compareJudges(1);
    expect(calls).toHaveLength(1);
    expect(useApp.getState().runsError).toMatch(/choose who you are/);
  });
});

describe('job progress', () => {
  it('follows run and judge jobs, even ones started elsewhere, and ignores imports', () => {
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 1));
    useApp.getState().onRunJobProgress(progress(JUDGE_JOB, 2, { kind: 'judge' }));
    useApp.getState().onRunJobProgress(progress('import-job', 3, { kind: 'import' }));
    expect(useApp.getState().runJobs.map((j) => [j.jobId, j.kind, j.done])).toEqual([
      [JUDGE_JOB, 'judge', 2],
      [RUN_JOB, 'run', 1],
    ]);
  });

  it('estimates the time left from the pace since the job was first seen, and none once finished', () => {
    vi.useFakeTimers({ now: 10_000 });
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 2));
    expect(useApp.getState().runJobs[0].etaMs).toBeNull();
    vi.setSystemTime(12_000);
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 6));
    expect(useApp.getState().runJobs[0].etaMs).toBe(2000); // 2 000 ms for 4 units; 4 left
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 10, { finished: true, error: 'cancelled' }));
    expect(useApp.getState().runJobs[0]).toMatchObject({ etaMs: null, finished: true, error: 'cancelled' });
  });

  it('reloads the run list while the view is open, when a job moves on or finishes only', () => {
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 1));
    expect(loads()).toBe(0); // the view is closed
    useApp.setState({ runsOpen: true });
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 2));
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 2, { message: 'waiting for the model' }));
    useApp.getState().onRunJobProgress(progress(RUN_JOB, 2, { finished: true }));
    expect(loads()).toBe(2); // the call goes out at once
  });
});

/** Runs and judging: the Runs view's form, the run list, live run/judge jobs with their ETA, and judge comparisons. */
import type { StateCreator } from 'zustand';
import type { EventPayloads } from '../../shared/contract';
import type { JudgeComparison, KeyStatus, RunExample, RunSummary } from '../../shared/types/runs';
import { call } from '../api/client';
import type { AppState } from './index';

/** A run or judge job as the Runs view shows it, with an ETA estimated from its pace since it was first seen. */
export interface RunJob {
  jobId: string;
  kind: 'run' | 'judge';
  done: number;
  total: number;
  message: string;
  finished: boolean;
  error: string | null;
  /** Estimated time left, ms; null until the pace is known. */
  etaMs: number | null;
  firstSeenAt: number;
  firstDone: number;
}

/** What the run form holds. */
export interface RunForm {
  set: string;
  system: string;
  judge: string;
  study: string;
  repeats: number;
  concurrency: number;
}

/** State and actions of the Runs view. */
export interface RunsSlice {
  runsOpen: boolean;
  runs: RunSummary[];
  runExamples: RunExample[];
  runForm: RunForm;
  runJobs: RunJob[];
  runsError: string | null;
  keyStatus: KeyStatus | null;
  comparison: JudgeComparison | null;
  setRunsOpen(open: boolean): void;
  loadRuns(): Promise<void>;
  setRunForm(patch: Partial<RunForm>): void;
  startRunJob(): Promise<void>;
  resumeRunJob(runId: number): Promise<void>;
  cancelRunJob(jobId: string): Promise<void>;
  /** Judges the study with the chosen config; with `onlyLabelled`, only the items labelled on that field. */
  rejudgeStudy(studyId: number, onlyLabelled?: string): Promise<void>;
  compareJudges(studyId: number, field?: string): Promise<void>;
  onRunJobProgress(job: EventPayloads['job.progress']): void;
}

/** Time left from the pace since `firstSeenAt`: (elapsed / units done since) × units left. */
export function estimateEta(job: Pick<RunJob, 'done' | 'total' | 'firstDone' | 'firstSeenAt'>, now: number): number | null {
  const progressed = job.done - job.firstDone;
  if (progressed <= 0 || job.done >= job.total) return null;
  return ((now - job.firstSeenAt) / progressed) * (job.total - job.done);
}

/** Creates the runs slice. */
export const createRunsSlice: StateCreator<AppState, [], [], RunsSlice> = (set, get) => {
  const fail = (err: unknown) => set({ runsError: (err as Error).message });
  const track = (jobId: string, kind: RunJob['kind']) =>
    set((s) => (s.runJobs.some((j) => j.jobId === jobId) ? {} : { runJobs: [{ jobId, kind, done: 0, total: 0, message: 'starting', finished: false, error: null, etaMs: null, firstSeenAt: Date.now(), firstDone: 0 }, ...s.runJobs] }));
  return {
    runsOpen: false,
    runs: [],
    runExamples: [],
    runForm: { set: '', system: '', judge: '', study: '', repeats: 1, concurrency: 2 },
    runJobs: [],
    runsError: null,
    keyStatus: null,
    comparison: null,
    setRunsOpen(open) {
      set({ runsOpen: open });
      if (open) void get().loadRuns();
    },
    async loadRuns() {
      try {
        const [runs, runExamples, keyStatus] = await Promise.all([call('runs.list', {}), call('runs.examples', {}), call('keys.status', {})]);
        set({ runs, runExamples, keyStatus, runsError: null });
      } catch (err) {
        fail(err);
      }
    },
    setRunForm: (patch) => set((s) => ({ runForm: { ...s.runForm, ...patch } })),
    async startRunJob() {
      const f = get().runForm;
      if (!f.set || !f.system) return set({ runsError: 'choose an episode set and a system config' });
      try {
        set({ runsError: null });
        const { jobId } = await call('runs.start', { set: f.set, system: f.system, judge: f.judge || null, repeats: f.repeats, concurrency: f.concurrency, ...(f.study.trim() ? { study: f.study.trim() } : {}) });
        track(jobId, 'run');
        await get().loadRuns();
      } catch (err) {
        fail(err);
      }
    },
    async resumeRunJob(runId) {
      try {
        const { jobId } = await call('runs.resume', { runId });
        track(jobId, 'run');
        await get().loadRuns();
      } catch (err) {
        fail(err);
      }
    },
    async cancelRunJob(jobId) {
      try {
        await call('jobs.cancel', { jobId });
      } catch (err) {
        fail(err);
      }
    },
    async rejudgeStudy(studyId, onlyLabelled) {
      const judge = get().runForm.judge;
      if (!judge) return set({ runsError: 'choose a judge config' });
      try {
        set({ runsError: null });
        track((await call('judge.start', { studyId, judge, ...(onlyLabelled ? { onlyLabelled } : {}) })).jobId, 'judge');
      } catch (err) {
        fail(err);
      }
    },
    async compareJudges(studyId, field) {
      const viewerId = get().annotatorId;
      if (viewerId === null) return set({ runsError: 'choose who you are (top right) to compare judges with annotators' });
      try {
        set({ comparison: await call('judge.compare', { studyId, viewerId, ...(field ? { field } : {}) }), runsError: null });
      } catch (err) {
        fail(err);
      }
    },
    onRunJobProgress(p) {
      if (p.kind !== 'run' && p.kind !== 'judge') return;
      const now = Date.now();
      const before = get().runJobs.find((j) => j.jobId === p.jobId)?.done;
      set((s) => {
        const known = s.runJobs.find((j) => j.jobId === p.jobId);
        const base: RunJob = known ?? { jobId: p.jobId, kind: p.kind as RunJob['kind'], done: p.done, total: p.total, message: '', finished: false, error: null, etaMs: null, firstSeenAt: now, firstDone: p.done };
        const next: RunJob = { ...base, done: p.done, total: p.total, message: p.message, finished: p.finished, error: p.error ?? null };
        next.etaMs = p.finished ? null : estimateEta(next, now);
        return { runJobs: known ? s.runJobs.map((j) => (j.jobId === p.jobId ? next : j)) : [next, ...s.runJobs] };
      });
      if (get().runsOpen && (p.finished || p.done !== before)) void get().loadRuns();
    },
  };
};

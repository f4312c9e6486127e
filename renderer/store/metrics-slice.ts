/**
 * The Results view's state: whether it is open, the open study's figures as their sections arrive from a `metrics.start`
 * job, the job's progress, and the options they used. A newer request cancels the older job; its late events are
 * ignored.
 */
import type { StateCreator } from 'zustand';
import type { EventPayloads } from '../../shared/contract';
import type { MetricsOptions, StudyMetrics } from '../../shared/types/metrics';
import {
  mergeSections,
  type MetricsHead,
  type MetricsSection,
  type MetricsSectionEvent,
  type SectionPlan,
} from '../../shared/types/metrics-sections';
import { call } from '../api/client';
import type { AppState } from './index';

/** The running or last computation as the view shows it. */
export interface MetricsProgress {
  jobId: string;
  studyId: number;
  /** Sections announced by the head (empty until it arrives). */
  sections: SectionPlan[];
  /** Ids of the sections in, in the order they arrived. */
  done: string[];
  finished: boolean;
  cancelled: boolean;
}

/** State and actions of the Results view. */
export interface MetricsSlice {
  metricsOpen: boolean;
  metrics: StudyMetrics | null;
  metricsLoading: boolean;
  metricsError: string | null;
  metricsOptions: MetricsOptions;
  metricsProgress: MetricsProgress | null;
  /** Shows or hides the Results view (the view loads the open study's figures when it mounts). */
  setMetricsOpen(open: boolean): void;
  /** Starts computing the open study's figures (cancelling a computation still running); resolves once started. */
  loadMetrics(): Promise<void>;
  /** Cancels the running computation; the sections already in stay shown. */
  cancelMetrics(): Promise<void>;
  /** Changes options (e.g. NOT_ATTEMPTED policy, text systems) and recomputes. */
  setMetricsOptions(patch: Partial<MetricsOptions>): Promise<void>;
  /** A `metrics.section` event: the head or a section of the running job. */
  onMetricsSection(event: MetricsSectionEvent): void;
  /** A `job.progress` event: the running job's end (done, failed or cancelled). */
  onMetricsJob(job: EventPayloads['job.progress']): void;
}

type Buffered = { section: MetricsSectionEvent } | { job: EventPayloads['job.progress'] };

/** The request in force: its number, its job once started, and what it received. */
let current = { generation: 0, jobId: null as string | null, head: null as MetricsHead | null };
let sections: MetricsSection[] = [];
/** Events that came before `metrics.start` answered with their job's id (at most a few hundred). */
const early: Buffered[] = [];

const cancelJob = (jobId: string) =>
  call('jobs.cancel', { jobId }).catch(() => {
    /* a job that already ended needs no cancel */
  });

/** Creates the metrics slice. */
export const createMetricsSlice: StateCreator<AppState, [], [], MetricsSlice> = (set, get) => ({
  metricsOpen: false,
  metrics: null,
  metricsLoading: false,
  metricsError: null,
  metricsOptions: {},
  metricsProgress: null,
  setMetricsOpen(open) {
    set({ metricsOpen: open });
  },
  async loadMetrics() {
    const studyId = get().studyId;
    if (studyId === null) return;
    const older = get().metricsProgress;
    if (older && !older.finished && current.jobId) void cancelJob(current.jobId);
    current = { generation: current.generation + 1, jobId: null, head: null };
    const mine = current.generation;
    sections = [];
    early.length = 0;
    set({ metricsLoading: true, metricsError: null, metricsProgress: null });
    try {
      const { jobId } = await call('metrics.start', { studyId, options: get().metricsOptions });
      if (mine !== current.generation) return void cancelJob(jobId);
      current.jobId = jobId;
      set({
        metricsProgress: { jobId, studyId, sections: [], done: [], finished: false, cancelled: false },
      });
      const replay = early.splice(0);
      for (const e of replay) {
        if ('section' in e) get().onMetricsSection(e.section);
        else get().onMetricsJob(e.job);
      }
    } catch (err) {
      if (mine === current.generation) set({ metricsError: (err as Error).message, metricsLoading: false });
    }
  },
  async cancelMetrics() {
    const progress = get().metricsProgress;
    if (!progress || progress.finished || !current.jobId) return;
    const jobId = current.jobId;
    current = { ...current, jobId: null };
    set({ metricsLoading: false, metricsProgress: { ...progress, finished: true, cancelled: true } });
    await cancelJob(jobId);
  },
  async setMetricsOptions(patch) {
    set({ metricsOptions: { ...get().metricsOptions, ...patch } });
    await get().loadMetrics();
  },
  onMetricsSection(event) {
    if (event.jobId !== current.jobId) {
      if (current.jobId === null && get().metricsLoading && early.length < 500) early.push({ section: event });
      return;
    }
    const progress = get().metricsProgress!;
    if (event.kind === 'head') {
      current.head = event.head;
      set({ metrics: mergeSections(event.head, []), metricsProgress: { ...progress, sections: event.head.sections } });
      return;
    }
    if (!current.head) return;
    sections = [...sections, event.section];
    set({
      metrics: mergeSections(current.head, sections),
      metricsProgress: { ...progress, done: [...progress.done, event.section.id] },
    });
  },
  onMetricsJob(job) {
    if (job.kind !== 'metrics' || !job.finished) return;
    if (job.jobId !== current.jobId) {
      if (current.jobId === null && get().metricsLoading && early.length < 500) early.push({ job });
      return;
    }
    const progress = get().metricsProgress!;
    const cancelled = job.error !== null && job.message === 'cancelled';
    set({
      metricsLoading: false,
      metricsError: job.error !== null && !cancelled ? job.error : null,
      metricsProgress: { ...progress, finished: true, cancelled },
    });
  },
});

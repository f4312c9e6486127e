/** The Results view's state: whether it is open, the open study's figures (recomputed on every load) and the options they used. */
import type { StateCreator } from 'zustand';
import type { MetricsOptions, StudyMetrics } from '../../shared/types/metrics';
import { call } from '../api/client';
import type { AppState } from './index';

/** State and actions of the Results view. */
export interface MetricsSlice {
  metricsOpen: boolean;
  metrics: StudyMetrics | null;
  metricsLoading: boolean;
  metricsError: string | null;
  metricsOptions: MetricsOptions;
  /** Shows or hides the Results view (the view loads the open study's figures when it mounts). */
  setMetricsOpen(open: boolean): void;
  /** Recomputes the open study's figures. */
  loadMetrics(): Promise<void>;
  /** Changes options (e.g. NOT_ATTEMPTED policy, text systems) and recomputes. */
  setMetricsOptions(patch: Partial<MetricsOptions>): Promise<void>;
}

let generation = 0;

/** Creates the metrics slice. */
export const createMetricsSlice: StateCreator<AppState, [], [], MetricsSlice> = (set, get) => ({
  metricsOpen: false,
  metrics: null,
  metricsLoading: false,
  metricsError: null,
  metricsOptions: {},
  setMetricsOpen(open) {
    set({ metricsOpen: open });
  },
  async loadMetrics() {
    const studyId = get().studyId;
    if (studyId === null) return;
    const mine = ++generation;
    set({ metricsLoading: true, metricsError: null });
    try {
      const metrics = await call('metrics.study', { studyId, options: get().metricsOptions });
      if (mine === generation) set({ metrics, metricsLoading: false });
    } catch (err) {
      if (mine === generation) set({ metricsError: (err as Error).message, metricsLoading: false });
    }
  },
  async setMetricsOptions(patch) {
    set({ metricsOptions: { ...get().metricsOptions, ...patch } });
    await get().loadMetrics();
  },
});

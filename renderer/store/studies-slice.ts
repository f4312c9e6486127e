/** Studies and the open study's episode list. */
import type { StateCreator } from 'zustand';
import type { EpisodeRow, StudySummary } from '../../shared/domain';
import { call } from '../api/client';
import type { AppState } from './index';

/** State and actions for studies and their episodes. */
export interface StudiesSlice {
  studies: StudySummary[];
  studyId: number | null;
  episodes: EpisodeRow[];
  error: string | null;
  loadStudies(): Promise<void>;
  openStudy(studyId: number): Promise<void>;
}

/** Creates the studies slice. */
export const createStudiesSlice: StateCreator<AppState, [], [], StudiesSlice> = (set, get) => ({
  studies: [],
  studyId: null,
  episodes: [],
  error: null,
  async loadStudies() {
    try {
      const studies = await call('studies.list', {});
      set({ studies, error: null });
      const current = get().studyId;
      if (studies.length > 0 && (current === null || !studies.some((s) => s.id === current))) await get().openStudy(studies[0].id);
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  async openStudy(studyId) {
    try {
      const episodes = await call('episodes.list', { studyId });
      set({ studyId, episodes, error: null });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
});

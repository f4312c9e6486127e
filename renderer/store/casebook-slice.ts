/** The study's casebook as the current annotator sees it: its cases by category, the chosen category and case. */
import type { StateCreator } from 'zustand';
import type { Casebook, CasebookCase } from '../../shared/types/casebook';
import { call } from '../api/client';
import type { AppState } from './index';

/** Where a new case points: the whole call, a moment, or a region. */
export interface CaseSpan {
  startMs?: number;
  endMs?: number;
}

/** State and actions of the casebook. */
export interface CasebookSlice {
  casebook: Casebook | null;
  casebookError: string | null;
  /** The category the Casebook view lists (null: every category). */
  casebookCategory: string | null;
  selectedCaseId: number | null;
  loadCasebook(): Promise<void>;
  /** Files the open episode (at `span`) under `category`; returns the case, or null after an error. */
  addCase(category: string, note: string, span: CaseSpan): Promise<CasebookCase | null>;
  removeCase(caseId: number): Promise<void>;
  setCasebookCategory(category: string | null): void;
  /** Chooses a case and opens its call. */
  selectCase(caseId: number): Promise<void>;
}

/** Creates the casebook slice. */
export const createCasebookSlice: StateCreator<AppState, [], [], CasebookSlice> = (set, get) => ({
  casebook: null,
  casebookError: null,
  casebookCategory: null,
  selectedCaseId: null,
  async loadCasebook() {
    const { studyId, annotatorId } = get();
    if (studyId === null || annotatorId === null) return set({ casebook: null, casebookError: null });
    try {
      const casebook = await call('casebook.list', { studyId, viewerId: annotatorId });
      if (get().studyId === studyId) set({ casebook, casebookError: null });
    } catch (err) {
      set({ casebookError: (err as Error).message });
    }
  },
  async addCase(category, note, span) {
    const { episodeId, annotatorId } = get();
    if (episodeId === null || annotatorId === null) return null;
    try {
      const added = await call('casebook.add', { episodeId, annotatorId, category, note, ...span });
      await get().loadCasebook();
      return added;
    } catch (err) {
      set({ casebookError: (err as Error).message });
      return null;
    }
  },
  async removeCase(caseId) {
    const { annotatorId } = get();
    if (annotatorId === null) return;
    try {
      await call('casebook.remove', { caseId, viewerId: annotatorId });
      if (get().selectedCaseId === caseId) set({ selectedCaseId: null });
      await get().loadCasebook();
    } catch (err) {
      set({ casebookError: (err as Error).message });
    }
  },
  setCasebookCategory: (casebookCategory) => set({ casebookCategory }),
  async selectCase(caseId) {
    set({ selectedCaseId: caseId });
    const found = get().casebook?.cases.find((c) => c.id === caseId);
    if (found && found.episodeId !== get().episodeId) await get().openEpisode(found.episodeId);
  },
});

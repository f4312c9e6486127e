/** The episode list's progress marks (mine and the study's), and the "next unlabelled" step. */
import type { StateCreator } from 'zustand';
import type { EpisodeProgress } from '../../shared/types/progress';
import { call } from '../api/client';
import type { AppState } from './index';
import { withAnnotator } from './episode-slice';

/** State and actions for progress marks. */
export interface ProgressSlice {
  /** Marks by episode id, valid for `progressFor`. */
  progress: Record<number, EpisodeProgress>;
  /** The study and annotator the marks are of (`studyId:annotatorId`), or '' before any. */
  progressFor: string;
  /** Whether the study's marks (disputed, adjudicated) are shown to the current annotator, and why not. */
  studyProgressShown: boolean;
  studyProgressHiddenReason: string | null;
  /** What the last "next unlabelled" step found nothing of, or null. */
  progressNotice: string | null;
  /** Fetches the marks of these episodes (those already known for the same study and annotator too when `again`). */
  loadProgress(episodeIds: readonly number[], again?: boolean): Promise<void>;
  /** Opens the next call of the list the current annotator has not labelled, wrapping round. */
  openNextUnlabelled(): Promise<void>;
}

/** Most marks asked for in one call. */
const MARKS_PER_CALL = 1000;

// Marks asked for and not answered yet, as `key:episodeId`, so a list redrawn meanwhile does not ask twice.
const pending = new Set<string>();

/** The key the marks are valid for. */
export const progressKey = (s: Pick<AppState, 'studyId' | 'annotatorId'>): string => `${s.studyId}:${s.annotatorId}`;

/** Creates the progress slice. */
export const createProgressSlice: StateCreator<AppState, [], [], ProgressSlice> = (set, get) => ({
  progress: {},
  progressFor: '',
  studyProgressShown: false,
  studyProgressHiddenReason: null,
  progressNotice: null,
  async loadProgress(episodeIds, again = false) {
    const { studyId, annotatorId } = get();
    if (studyId === null) return;
    const key = progressKey(get());
    const known = get().progressFor === key ? get().progress : {};
    const wanted = episodeIds.filter((id) => again || (!known[id] && !pending.has(`${key}:${id}`)));
    for (let at = 0; at < wanted.length; at += MARKS_PER_CALL) {
      const episodeIds = wanted.slice(at, at + MARKS_PER_CALL);
      episodeIds.forEach((id) => pending.add(`${key}:${id}`));
      try {
        const res = await call('episodes.progress', withAnnotator({ studyId, episodeIds }, annotatorId));
        if (progressKey(get()) !== key) return;
        const base = get().progressFor === key ? get().progress : {};
        const progress = { ...base, ...Object.fromEntries(res.marks.map((m) => [m.episodeId, m])) };
        set({
          progress,
          progressFor: key,
          studyProgressShown: res.studyShown,
          studyProgressHiddenReason: res.studyHiddenReason,
        });
      } catch (err) {
        set({ error: (err as Error).message });
        return;
      } finally {
        episodeIds.forEach((id) => pending.delete(`${key}:${id}`));
      }
    }
  },
  async openNextUnlabelled() {
    const { studyId, annotatorId, episodeId, browse } = get();
    if (studyId === null) return;
    if (annotatorId === null) {
      set({ progressNotice: 'Choose who you are (top right) to find your next unlabelled call.' });
      return;
    }
    try {
      const { next } = await call('episodes.nextUnlabelled', {
        query: { ...browse, studyId },
        annotatorId,
        ...(episodeId === null ? {} : { afterEpisodeId: episodeId }),
      });
      if (!next) return set({ progressNotice: 'No call in this list is left unlabelled by you.' });
      if (next.episodeId === episodeId)
        return set({ progressNotice: 'This is the only call in the list you have not labelled.' });
      set({ progressNotice: null });
      await get().ensureRows(next.position, next.position + 1);
      await get().openEpisode(next.episodeId);
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
});

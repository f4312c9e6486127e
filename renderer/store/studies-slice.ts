/** Studies, and the open study's episode list as the browser sees it: a query, a total, and rows loaded by page. */
import type { StateCreator } from 'zustand';
import type { EpisodeRow, StudySummary } from '../../shared/domain';
import type { EpisodeFacets, EpisodeQuery } from '../../shared/types/browse';
import { call } from '../api/client';
import type { AppState } from './index';
import { withAnnotator } from './episode-slice';

/** The user-set part of the episode query (the study, offset and limit are the store's business). */
export type BrowseQuery = Omit<EpisodeQuery, 'studyId' | 'offset' | 'limit'>;

/** Rows fetched per page. */
export const PAGE_SIZE = 200;

/** State and actions for studies and their episode list. */
export interface StudiesSlice {
  studies: StudySummary[];
  studyId: number | null;
  browse: BrowseQuery;
  facets: EpisodeFacets | null;
  /** How many episodes match the query. */
  total: number;
  /** Loaded rows by list position; holes are pages not fetched yet. */
  rows: (EpisodeRow | undefined)[];
  /** Bumped on every new query, so late pages of an old query are dropped. */
  queryGeneration: number;
  error: string | null;
  loadStudies(): Promise<void>;
  openStudy(studyId: number): Promise<void>;
  /** Fetches the open study's filter values again, as the current annotator may see them (e.g. after a switch). */
  reloadFacets(): Promise<void>;
  setBrowse(patch: Partial<BrowseQuery>): Promise<void>;
  ensureRows(start: number, end: number): Promise<void>;
}

const loading = new Set<string>();

/** Creates the studies slice. */
export const createStudiesSlice: StateCreator<AppState, [], [], StudiesSlice> = (set, get) => ({
  studies: [],
  studyId: null,
  browse: {},
  facets: null,
  total: 0,
  rows: [],
  queryGeneration: 0,
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
    get().closeEpisode();
    set({ studyId, browse: {}, facets: null });
    try {
      const facets = await call('episodes.facets', withAnnotator({ studyId }, get().annotatorId));
      if (get().studyId === studyId) set({ facets });
    } catch (err) {
      set({ error: (err as Error).message });
    }
    await get().setBrowse({});
  },
  async reloadFacets() {
    const studyId = get().studyId;
    if (studyId === null) return;
    try {
      const facets = await call('episodes.facets', withAnnotator({ studyId }, get().annotatorId));
      if (get().studyId === studyId) set({ facets });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  async setBrowse(patch) {
    const studyId = get().studyId;
    if (studyId === null) return;
    const browse = { ...get().browse, ...patch };
    const generation = get().queryGeneration + 1;
    set({ browse, queryGeneration: generation });
    try {
      const page = await call('episodes.query', withAnnotator({ ...browse, studyId, offset: 0, limit: PAGE_SIZE }, get().annotatorId));
      if (get().queryGeneration !== generation) return;
      const rows: (EpisodeRow | undefined)[] = new Array(page.total);
      page.rows.forEach((r, i) => (rows[i] = r));
      set({ total: page.total, rows, error: null });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  async ensureRows(start, end) {
    const { studyId, browse, queryGeneration, rows } = get();
    if (studyId === null) return;
    for (let page = Math.floor(start / PAGE_SIZE); page * PAGE_SIZE < Math.min(end, rows.length); page++) {
      const offset = page * PAGE_SIZE;
      const key = `${queryGeneration}:${offset}`;
      if (rows[offset] !== undefined || loading.has(key)) continue;
      loading.add(key);
      try {
        const res = await call('episodes.query', withAnnotator({ ...browse, studyId, offset, limit: PAGE_SIZE }, get().annotatorId));
        if (get().queryGeneration !== queryGeneration) return;
        const next = get().rows.slice();
        res.rows.forEach((r, i) => (next[offset + i] = r));
        set({ rows: next });
      } finally {
        loading.delete(key);
      }
    }
  },
});

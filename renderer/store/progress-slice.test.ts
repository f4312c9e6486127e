// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeRow } from '../../shared/domain';
import type { ProgressMarks } from '../../shared/types/progress';
import { calls, deferred, handlers, resetFakeClient, settleDeferreds } from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

const { useApp } = await import('./index');

const marksOf = (input: Record<string, unknown>): ProgressMarks => ({
  marks: (input.episodeIds as number[]).map((episodeId) => ({ episodeId, mine: 'unlabelled', study: null })),
  studyShown: true,
  studyHiddenReason: null,
});
const progressCalls = () => calls.filter(([m]) => m === 'episodes.progress').map(([, i]) => i);

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1, annotatorId: 7 });
});

describe('progress marks', () => {
  it('asks once for the marks it lacks, as the current annotator, and keeps them per study and annotator', async () => {
    handlers.set('episodes.progress', marksOf);
    await useApp.getState().loadProgress([1, 2]);
    await useApp.getState().loadProgress([2, 3]);
    expect(progressCalls()).toEqual([
      { studyId: 1, annotatorId: 7, episodeIds: [1, 2] },
      { studyId: 1, annotatorId: 7, episodeIds: [3] },
    ]);
    expect(Object.keys(useApp.getState().progress)).toEqual(['1', '2', '3']);
    useApp.setState({ annotatorId: 8 });
    await useApp.getState().loadProgress([1]);
    expect(Object.keys(useApp.getState().progress)).toEqual(['1']);
    await useApp.getState().loadProgress([1], true);
    expect(progressCalls()).toHaveLength(4);
  });

  it('drops marks answered for an annotator who is no longer the current one', async () => {
    const answer = deferred<ProgressMarks>();
    handlers.set('episodes.progress', () => answer.promise);
    const loading = useApp.getState().loadProgress([1]);
    useApp.setState({ annotatorId: 8 });
    answer.resolve(marksOf({ episodeIds: [1] }));
    await loading;
    expect(useApp.getState().progressFor).toBe('');
  });
});

describe('next unlabelled', () => {
  it('asks for the next call after the open one in the list as browsed, and opens it', async () => {
    const openEpisode = vi.fn(async () => undefined);
    const ensureRows = vi.fn(async () => undefined);
    useApp.setState({
      episodeId: 4,
      browse: { system: ['a'] },
      openEpisode,
      ensureRows,
      rows: [{ id: 4 } as EpisodeRow],
    });
    handlers.set('episodes.nextUnlabelled', () => ({ next: { episodeId: 9, position: 250 } }));
    await useApp.getState().openNextUnlabelled();
    expect(calls.at(-1)).toEqual([
      'episodes.nextUnlabelled',
      { query: { system: ['a'], studyId: 1 }, annotatorId: 7, afterEpisodeId: 4 },
    ]);
    expect([ensureRows.mock.calls, openEpisode.mock.calls]).toEqual([[[250, 251]], [[9]]]);
  });

  it('says when none is left, or when no annotator is chosen', async () => {
    handlers.set('episodes.nextUnlabelled', () => ({ next: null }));
    await useApp.getState().openNextUnlabelled();
    expect(useApp.getState().progressNotice).toMatch(/left unlabelled/);
    useApp.setState({ annotatorId: null });
    await useApp.getState().openNextUnlabelled();
    expect(useApp.getState().progressNotice).toMatch(/Choose who you are/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';
import type { EpisodeDetail } from '../../shared/domain';
import type { EpisodeFacets, EpisodePage } from '../../shared/types/browse';
import type { EpisodeLabels } from '../../shared/types/annotation';
import { judgeReveal } from '../db/judge-reveals';

let t: TempServices;
let annotator: number;
let adjudicator: number;
let episodeId: number;
let now = new Date('2026-01-02T03:04:05Z');

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

beforeAll(async () => {
  t = await tempServices({ clock: () => now });
  annotator = (await ok<{ id: number }>('annotators.create', { name: 'Ana' })).id;
  adjudicator = (await ok<{ id: number }>('annotators.create', { name: 'Ada', role: 'adjudicator' })).id;
  await ok('annotation.updateSettings', { studyId: 1, hideJudgeUntilCommit: true });
  episodeId = (await ok<EpisodePage>('episodes.query', { studyId: 1, search: 'jacket' })).rows[0].id;
});
afterAll(() => t.cleanup());

describe('hiding the judge until the annotator commits, enforced on the main side', () => {
  it('withholds judgements and judge labels from an annotator who has not committed', async () => {
    const detail = await ok<EpisodeDetail>('episodes.get', { episodeId, annotatorId: annotator });
    expect(detail.judgeHidden).toBe(true);
    expect(detail.judgements).toEqual([]);
    expect(detail.episode.judgeLabel).toBeNull();
    const page = await ok<EpisodePage>('episodes.query', { studyId: 1, annotatorId: annotator });
    expect(page.rows.every((r) => r.judgeLabel === null)).toBe(true);
    const filtered = await ok<EpisodePage>('episodes.query', { studyId: 1, annotatorId: annotator, judgeLabel: ['fail'] });
    expect(filtered.total).toBe(10);
    const facets = await ok<EpisodeFacets>('episodes.facets', { studyId: 1, annotatorId: annotator });
    expect([facets.judgeLabel, facets.judgeHiddenUntil]).toEqual([[], 'commit']);
  });

  it('withholds them from a caller that names no annotator', async () => {
    expect((await ok<EpisodeDetail>('episodes.get', { episodeId })).judgements).toEqual([]);
  });

  it('reveals the judge for that episode once the annotator commits, and always to adjudicators', async () => {
    await ok('labels.commit', { episodeId, annotatorId: annotator });
    const after = await ok<EpisodeDetail>('episodes.get', { episodeId, annotatorId: annotator });
    expect(after.judgeHidden).toBe(false);
    expect(after.judgements[0].label).toBe('fail');
    const adj = await ok<EpisodeDetail>('episodes.get', { episodeId: episodeId + 1, annotatorId: adjudicator });
    expect(adj.judgements.length).toBe(1);
  });

  it('shows everything when the study does not hide the judge', async () => {
    await ok('annotation.updateSettings', { studyId: 1, hideJudgeUntilCommit: false });
    const detail = await ok<EpisodeDetail>('episodes.get', { episodeId: episodeId + 1, annotatorId: annotator });
    expect(detail.judgeHidden).toBe(false);
    expect(detail.judgements.length).toBe(1);
  });
});

describe('hiding the judge until the first label, and the recorded reveals', () => {
  let bo: number;
  const hidden = async (id: number) =>
    (await ok<EpisodeDetail>('episodes.get', { episodeId: id, annotatorId: bo })).judgeHidden;
  const firstLabel = { revealedAt: '2026-01-05T10:00:00.000Z', reason: 'first_label' };
  const label = (id: number, value: string) =>
    ok<{ labels: EpisodeLabels }>('labels.set', { episodeId: id, annotatorId: bo, field: 'source', value });

  beforeAll(async () => {
    bo = (await ok<{ id: number }>('annotators.create', { name: 'Bo' })).id;
    await ok('annotation.updateSettings', { studyId: 1, hideJudgeUntilCommit: false, hideJudgeUntilFirstLabel: true });
  });

  it('hides the judge on a call until the annotator’s first label there is saved, then records it', async () => {
    expect(await hidden(episodeId)).toBe(true);
    const page = await ok<EpisodePage>('episodes.query', { studyId: 1, annotatorId: bo });
    expect(page.rows.every((r) => r.judgeLabel === null)).toBe(true);
    const before = await ok<EpisodeLabels>('labels.episode', { episodeId, annotatorId: bo, viewerId: bo });
    expect([before.judgeVisible, before.phase]).toEqual([false, 'final']);
    expect(judgeReveal(t.services.db, episodeId, bo)).toBeNull();
    now = new Date('2026-01-05T10:00:00Z');
    expect((await label(episodeId, 'agent')).labels.judgeVisible).toBe(true);
    const after = await ok<EpisodeDetail>('episodes.get', { episodeId, annotatorId: bo });
    expect([after.judgeHidden, after.judgements[0].label]).toEqual([false, 'fail']);
    expect(judgeReveal(t.services.db, episodeId, bo)).toEqual(firstLabel);
    expect(await hidden(episodeId + 1)).toBe(true);
  });

  it('keeps the first reveal when the annotator labels again and commits', async () => {
    now = new Date('2026-01-06T10:00:00Z');
    await label(episodeId, 'user');
    await ok('labels.commit', { episodeId, annotatorId: bo });
    expect(judgeReveal(t.services.db, episodeId, bo)).toEqual(firstLabel);
  });

  it('waits for the commit when the study also hides the judge until commit, and records the commit', async () => {
    await ok('annotation.updateSettings', { studyId: 1, hideJudgeUntilCommit: true });
    const other = episodeId + 1;
    expect((await label(other, 'agent')).labels.judgeVisible).toBe(false);
    expect([await hidden(other), judgeReveal(t.services.db, other, bo)]).toEqual([true, null]);
    now = new Date('2026-01-07T10:00:00Z');
    await ok('labels.commit', { episodeId: other, annotatorId: bo });
    expect([await hidden(other), judgeReveal(t.services.db, other, bo)]).toEqual([
      false,
      { revealedAt: '2026-01-07T10:00:00.000Z', reason: 'commit' },
    ]);
  });
});

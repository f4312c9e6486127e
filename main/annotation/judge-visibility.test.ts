import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';
import type { EpisodeDetail } from '../../shared/domain';
import type { EpisodePage } from '../../shared/types/browse';

let t: TempServices;
let annotator: number;
let adjudicator: number;
let episodeId: number;

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

beforeAll(async () => {
  t = await tempServices();
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
    expect((await ok<{ judgeLabel: string[] }>('episodes.facets', { studyId: 1, annotatorId: annotator })).judgeLabel).toEqual([]);
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

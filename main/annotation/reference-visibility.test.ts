import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';
import type { EpisodeDetail, EpisodeRow } from '../../shared/domain';
import type { StudyAnnotationSettings } from '../../shared/types/annotation';
import { withoutReference } from './reference-visibility';

let t: TempServices;
let annotator: number;
let adjudicator: number;
/** The demo's VERA math call: its info carries the expected and the given answer. */
let math: number;
/** The demo's DSB-DG call: its info carries the answer and the source document. */
let policy: number;

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

const get = (episodeId: number, annotatorId?: number) => ok<EpisodeDetail>('episodes.get', { episodeId, annotatorId });

beforeAll(async () => {
  t = await tempServices();
  annotator = (await ok<{ id: number }>('annotators.create', { name: 'Ana' })).id;
  adjudicator = (await ok<{ id: number }>('annotators.create', { name: 'Ada', role: 'adjudicator' })).id;
  const rows = await ok<EpisodeRow[]>('episodes.list', { studyId: 1 });
  math = rows.find((r) => r.externalId === 'vera_demo_math_01')!.id;
  policy = rows.find((r) => r.externalId === 'dsb-demo-policy-t3')!.id;
});
afterAll(() => t.cleanup());

describe('hiding the gold/reference until the annotator commits, enforced on the main side', () => {
  it('shows the reference while the study does not hide it', async () => {
    const settings = await ok<StudyAnnotationSettings>('annotation.settings', { studyId: 1 });
    expect(settings.hideReferenceUntilCommit).toBe(false);
    const detail = await get(math, annotator);
    expect(detail.referenceHidden).toBeUndefined();
    expect(detail.episode.info.answer).toEqual({ expected: '80', given: '75' });
  });

  it('withholds the reference keys of info from an annotator yet to commit, and from an unnamed viewer', async () => {
    const saved = await ok<StudyAnnotationSettings>('annotation.updateSettings', {
      studyId: 1,
      hideReferenceUntilCommit: true,
    });
    expect(saved.hideReferenceUntilCommit).toBe(true);
    for (const viewer of [annotator, undefined]) {
      const detail = await get(policy, viewer);
      expect(detail.referenceHidden).toBe(true);
      expect(detail.episode.info).toEqual({ benchmark: 'dsb-dg' });
      expect(detail.turns.length).toBeGreaterThan(0);
    }
  });

  it('reveals the reference on a call once the annotator commits it, and always to adjudicators', async () => {
    await ok('labels.commit', { episodeId: math, annotatorId: annotator });
    expect((await get(math, annotator)).episode.info.answer).toEqual({ expected: '80', given: '75' });
    expect((await get(policy, annotator)).referenceHidden).toBe(true);
    const adj = await get(policy, adjudicator);
    expect(adj.referenceHidden).toBeUndefined();
    expect(adj.episode.info.document).toMatch(/^Returns policy\./);
  });

  it('keeps every key that carries no reference', () => {
    const info = { track: 'long_context', expectedAnswer: 'x', contextDocuments: [], evaluationFields: {}, mode: 'm' };
    expect(withoutReference(info)).toEqual({ track: 'long_context', mode: 'm' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { writeBatch } from '../importers/write-batch';
import type { BatchEpisode, ImportBatch } from '../importers/batch';
import { episodeFacets, queryEpisodes } from './episode-query';
import type { EpisodeQuery } from '../../shared/types/browse';

let t: TempServices;
let studyId: number;

function ep(i: number): BatchEpisode {
  return {
    externalId: `e${String(i).padStart(2, '0')}`,
    system: i % 2 ? 'alpha' : 'beta',
    task: `t${i % 3}`,
    trial: 0,
    condition: { environment: ['regular', 'noise_heavy', 'speech_heavy'][i % 3], tier: `T${(i % 5) + 1}` },
    outcome: i % 4 === 0 ? 'pass' : 'fail',
    reward: i % 4 === 0 ? 1 : i / 100,
    durationMs: 1000 * i,
    info: {},
    turns: [{ speaker: 'user', startMs: 0, endMs: 10, text: i === 7 ? 'my order number is 12345 please' : `hello number ${i}` }],
    audio: [],
    judgements: i === 3 ? [{ judgeId: 'j', label: 'old' }, { judgeId: 'j', judgeVersion: '2', label: 'hallucination' }] : [{ judgeId: 'j', label: i % 4 === 0 ? 'pass' : 'transcription' }],
    annotations: [],
  };
}

beforeAll(async () => {
  t = await tempServices({ demo: false });
  const batch: ImportBatch = { format: 'generic', benchmark: 'generic', studyName: 's', studyInfo: {}, source: 'x', episodes: Array.from({ length: 20 }, (_, i) => ep(i)), skipped: 0, warnings: [] };
  studyId = (await writeBatch(t.services.db, batch, { now: new Date() })).study.id;
});
afterAll(() => t.cleanup());

const q = (extra: Partial<EpisodeQuery> = {}) => queryEpisodes(t.services.db, { studyId, offset: 0, limit: 200, ...extra });
const ids = (extra: Partial<EpisodeQuery> = {}) => q(extra).rows.map((r) => r.externalId);

describe('queryEpisodes', () => {
  it('filters by system, outcome, judge label and condition, counting all matches', () => {
    expect(q({ system: ['alpha'] }).total).toBe(10);
    expect(ids({ outcome: ['pass'] })).toEqual(['e00', 'e04', 'e08', 'e12', 'e16']);
    expect(ids({ judgeLabel: ['hallucination'] })).toEqual(['e03']);
    expect(ids({ condition: { environment: ['noise_heavy'], tier: ['T2'] } })).toEqual(['e01', 'e16']);
    expect(ids({ system: ['beta'], condition: { environment: ['regular'] } })).toEqual(['e00', 'e06', 'e12', 'e18']);
  });

  it('filters by reward range', () => {
    expect(ids({ rewardMin: 0.15, rewardMax: 0.18 })).toEqual(['e15', 'e17', 'e18']);
  });

  it('searches the transcripts, with the last word as a prefix', () => {
    expect(ids({ search: '12345' })).toEqual(['e07']);
    expect(ids({ search: 'order num' })).toEqual(['e07']);
    expect(q({ search: 'number' }).total).toBe(20);
    expect(q({ search: '"); DROP TABLE episodes; --' }).total).toBe(0);
    expect(q({ search: '!!!' }).total).toBe(0);
  });

  it('sorts by any column both ways, nulls last, ties by id', () => {
    expect(ids({ sort: { key: 'durationMs', dir: 'desc' } }).slice(0, 3)).toEqual(['e19', 'e18', 'e17']);
    const byReward = q({ sort: { key: 'reward', dir: 'asc' } }).rows.map((r) => r.reward);
    expect(byReward).toEqual([...byReward].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('pages with offset and limit', () => {
    const page = q({ offset: 15, limit: 10 });
    expect(page.total).toBe(20);
    expect(page.rows.map((r) => r.externalId)).toEqual(['e15', 'e16', 'e17', 'e18', 'e19']);
  });

  it('reports the values each filter can take', () => {
    const f = episodeFacets(t.services.db, studyId);
    expect(f.system).toEqual(['alpha', 'beta']);
    expect(f.judgeLabel).toEqual(['hallucination', 'pass', 'transcription']);
    expect(f.condition.environment).toEqual(['noise_heavy', 'regular', 'speech_heavy']);
  });
});

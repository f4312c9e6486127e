/** The head's families read from three columns, against the families of the episodes loaded whole. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import { loadEpisodes, studyFamilies } from './load';
import { inCostOrder, studySections } from './study-sections';

let t: TempServices;
let dir: string;
let studyId: number;

const episode = (id: string, extra: Record<string, unknown>) => ({
  schema: 'earshot-episode-v1',
  id,
  system: 'sys',
  task: `task-${id}`,
  turns: [],
  ...extra,
});

beforeAll(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-families-'));
  const file = writeJsonl(dir, 'mixed.jsonl', [
    { schema: 'earshot-study-v1', name: 'Mixed', benchmark: 'generic' },
    episode('e1', {}),
    episode('e2', { condition: { benchmark: 'vera' } }),
    episode('e3', { info: { benchmark: 'dsb-dg' } }),
    episode('e4', { condition: { benchmark: 'tau-voice' }, info: { benchmark: 'vera' } }),
    episode('e5', { info: { benchmark: 7 }, reward: 0.5 }),
    episode('e6', { condition: { benchmark: 'unknown' }, info: { benchmark: 'vera' } }),
  ]);
  studyId = await importStudy(t.services, file, 'Mixed');
});
afterAll(() => {
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('studyFamilies', () => {
  it('finds each episode’s family as loadEpisodes does: benchmark, then condition.benchmark, then info.benchmark', () => {
    // By hand from the lines above: e1, e5 generic (e5 rewarded); e2, e6 VERA; e3 DSB-DG; e4 τ-Voice (the condition
    // comes before the info); in order of each family's first episode.
    const expected = [
      { family: 'generic', episodes: 2, rewarded: 1 },
      { family: 'vera', episodes: 2, rewarded: 0 },
      { family: 'dsb-dg', episodes: 1, rewarded: 0 },
      { family: 'tau-voice', episodes: 1, rewarded: 0 },
    ];
    expect(studyFamilies(t.services.db, studyId)).toEqual(expected);
    const loaded = loadEpisodes(t.services.db, studyId);
    const families = [...new Set(loaded.map((e) => e.family))].map((family) => ({
      family,
      episodes: loaded.filter((e) => e.family === family).length,
      rewarded: loaded.filter((e) => e.family === family && e.reward !== null).length,
    }));
    expect(families).toEqual(expected);
  });

  it('gives the head its families and sections before any episode is loaded, interaction first', () => {
    const { head, tasks } = studySections(t.services.db, studyId, { resamples: 50 });
    expect(head.episodes).toBe(6);
    expect(head.families.map((f) => f.family)).toEqual(['generic', 'vera', 'dsb-dg', 'tau-voice']);
    // The generic family has a reward, so it gets its τ-style section.
    expect(tasks.map((s) => s.id)).toEqual([
      'tau-voice',
      'generic',
      'vera',
      'dsb-dg',
      'labels',
      'interaction',
      'judge-corrected',
      'transcription',
    ]);
    // Interaction (the database alone) first, then the quick sections over the episodes, then judge-corrected.
    expect(
      inCostOrder(tasks)
        .slice(0, 4)
        .map((s) => s.id),
    ).toEqual(['interaction', 'transcription', 'labels', 'judge-corrected']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { writeUntimedStudy, type UntimedStudy } from '../../test-support/untimed-call';
import { importPath } from '../importers/import-path';
import { listEpisodes, listTurns } from '../db/episodes';
import { alignStudyEpisodes } from './align-episodes';
import { DEFAULT_ALIGN_SETTINGS } from './align-audio';
import type { ImportSummary } from '../../shared/methods/imports';

let t: TempServices;
let study: UntimedStudy;
let summary: ImportSummary;

beforeAll(async () => {
  t = await tempServices({ demo: false });
  study = await writeUntimedStudy(tempDir('earshot-align-'), [11, 12, 13], [2]);
  summary = await importPath(t.services.db, study.jsonl, 'generic', { now: new Date('2026-01-02T03:04:05Z') });
}, 30_000);

afterAll(() => {
  t.cleanup();
  removeTempDirs();
});

const episode = (externalId: string) =>
  listEpisodes(t.services.db, summary.study.id).find((e) => e.externalId === externalId)!;

describe('alignment on import', () => {
  it('reports the episodes and turns it aligned; the episode with times of its own is not among them', () => {
    expect(summary.aligned).toEqual({ episodes: 2, turns: 16 });
  });

  it('stores estimated times, marked aligned, close to where each clip was placed', () => {
    const turns = listTurns(t.services.db, episode('call-0').id);
    const truth = study.calls[0].truth;
    turns.forEach((turn, i) => {
      expect(turn.aligned).toBe(true);
      expect(Math.abs(turn.startMs! - truth[i].startMs)).toBeLessThan(400);
      expect(Math.abs(turn.endMs! - truth[i].endMs)).toBeLessThan(400);
    });
  });

  it('never touches times that came with the data', async () => {
    const id = episode('call-2').id;
    const before = listTurns(t.services.db, id);
    expect(before.every((x) => x.aligned === false)).toBe(true);
    const again = await alignStudyEpisodes(t.services.db, summary.study.id, { again: true, episodeIds: [id] });
    expect(again.turns).toBe(0);
    expect(again.notes).toEqual([`episode ${id}: not aligned: its turns have times from the data`]);
    expect(listTurns(t.services.db, id)).toEqual(before);
  });

  it('re-aligns with other settings, replacing only the estimates', async () => {
    const id = episode('call-1').id;
    const report = await alignStudyEpisodes(t.services.db, summary.study.id, {
      again: true,
      episodeIds: [id],
      settings: { ...DEFAULT_ALIGN_SETTINGS, aggressiveness: 0, minGapMs: 2000 },
    });
    expect(report.episodes).toBe(1);
    expect(listTurns(t.services.db, id).every((x) => x.aligned && x.startMs !== null)).toBe(true);
  });

  it('aligns nothing more when the same file is imported into the study again', async () => {
    const second = await importPath(t.services.db, study.jsonl, 'generic', { now: new Date('2026-01-02T03:04:05Z') });
    expect(second.unchanged).toBe(true);
    expect(second.aligned).toBeUndefined();
  });
});

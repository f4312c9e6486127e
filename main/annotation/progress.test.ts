import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { commitEpisode, setLabel } from './labels';
import { decide } from './adjudication';
import { updateSettings } from './settings';
import { episodeProgress, progressRestriction } from './progress';
import { queryEpisodes } from '../db/episode-query';
import { nextInList } from '../db/episode-next';
import type { Db } from '../db/open';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
let db: Db;
let studyId: number;
let ids: Record<string, number>;
let ana: number;
let ben: number;
let judy: number;

beforeEach(async () => {
  t = await tempServices({ demo: false });
  db = t.services.db;
  ({ studyId, ids } = await makeStudy(
    db,
    'S',
    'tau-elicitation',
    ['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => ({ id })),
  ));
  [ana, ben, judy] = makeAnnotators(db, ['Ana', 'Ben'], 'Judy');
  updateSettings(db, { studyId, blind: false });
  const label = (annotatorId: number, e: string, value: string) =>
    setLabel(db, { episodeId: ids[e], annotatorId, field: 'error_source', value }, now);
  // e1: Ana committed, Ben agrees. e2: both labelled, they disagree. e3: disputed, then decided. e4: only Ben. e5: none.
  label(ana, 'e1', 'agent');
  commitEpisode(db, ids.e1, ana, now);
  label(ben, 'e1', 'agent');
  label(ana, 'e2', 'agent');
  label(ben, 'e2', 'user');
  label(ana, 'e3', 'agent');
  label(ben, 'e3', 'user');
  decide(db, { episodeId: ids.e3, field: 'error_source', value: 'user', rationale: 'heard', adjudicatorId: judy }, now);
  label(ben, 'e4', 'system');
});
afterEach(() => t.cleanup());

const all = () => ['e1', 'e2', 'e3', 'e4', 'e5'].map((e) => ids[e]);
const listed = (restriction: { ids: number[]; keep: boolean }) =>
  queryEpisodes(db, { studyId, offset: 0, limit: 100 }, restriction).rows.map((r) => r.externalId);

describe('progress marks', () => {
  it("marks the annotator's own progress and the study's disputes and decisions", () => {
    const { marks, studyShown } = episodeProgress(db, { studyId, annotatorId: ana, episodeIds: all() });
    expect(studyShown).toBe(true);
    expect(marks.map((m) => [m.mine, m.study])).toEqual([
      ['committed', null],
      ['in_progress', 'disputed'],
      ['in_progress', 'adjudicated'],
      ['unlabelled', null],
      ['unlabelled', null],
    ]);
    expect(episodeProgress(db, { studyId, episodeIds: [ids.e2] }).marks).toEqual([
      { episodeId: ids.e2, mine: null, study: 'disputed' },
    ]);
  });

  it("hides the study's marks from an annotator of a blind study, and refuses filtering by them", () => {
    updateSettings(db, { studyId, blind: true });
    const shown = episodeProgress(db, { studyId, annotatorId: ana, episodeIds: [ids.e2] });
    expect(shown.studyShown).toBe(false);
    expect(shown.studyHiddenReason).toMatch(/is blind/);
    expect(shown.marks[0]).toEqual({ episodeId: ids.e2, mine: 'in_progress', study: null });
    expect(() => progressRestriction(db, studyId, ana, 'disputed')).toThrow(/is blind/);
    expect(episodeProgress(db, { studyId, annotatorId: judy, episodeIds: [ids.e2] }).marks[0].study).toBe('disputed');
    expect(episodeProgress(db, { studyId, episodeIds: [ids.e2] }).studyShown).toBe(false);
  });

  it('filters the list by each mark', () => {
    expect(listed(progressRestriction(db, studyId, ana, 'unlabelled'))).toEqual(['e4', 'e5']);
    expect(listed(progressRestriction(db, studyId, ana, 'in_progress'))).toEqual(['e2', 'e3']);
    expect(listed(progressRestriction(db, studyId, ana, 'committed'))).toEqual(['e1']);
    expect(listed(progressRestriction(db, studyId, ben, 'unlabelled'))).toEqual(['e5']);
    expect(listed(progressRestriction(db, studyId, ana, 'disputed'))).toEqual(['e2']);
    expect(listed(progressRestriction(db, studyId, ana, 'adjudicated'))).toEqual(['e3']);
    expect(() => progressRestriction(db, studyId, undefined, 'committed')).toThrow(/choose who you are/);
  });

  it('steps to the next unlabelled call in list order, wrapping round, with its position in the list', () => {
    const unlabelled = progressRestriction(db, studyId, ana, 'unlabelled');
    const q = { studyId, offset: 0, limit: 1 };
    expect(nextInList(db, { query: q }, unlabelled)).toEqual({ episodeId: ids.e4, position: 3 });
    expect(nextInList(db, { query: q }, unlabelled, ids.e4)).toEqual({ episodeId: ids.e5, position: 4 });
    expect(nextInList(db, { query: q }, unlabelled, ids.e5)).toEqual({ episodeId: ids.e4, position: 3 });
    const desc = { ...q, sort: { key: 'externalId' as const, dir: 'desc' as const } };
    expect(nextInList(db, { query: desc }, unlabelled, ids.e5)).toEqual({ episodeId: ids.e4, position: 1 });
    expect(nextInList(db, { query: desc }, unlabelled, ids.e1)).toEqual({ episodeId: ids.e5, position: 0 });
    const committed = progressRestriction(db, studyId, ana, 'committed');
    expect(nextInList(db, { query: q, restriction: committed }, unlabelled)).toBeNull();
    const mine = progressRestriction(db, studyId, ben, 'unlabelled');
    expect(nextInList(db, { query: q, restriction: unlabelled }, mine, ids.e4)).toEqual({
      episodeId: ids.e5,
      position: 1,
    });
  });
});

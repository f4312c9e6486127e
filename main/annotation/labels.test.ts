import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { openDatabase } from '../db/open';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { commitEpisode, getEpisodeLabels, setLabel } from './labels';
import { listHistory, undoLast } from './history';
import { updateSettings } from './settings';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
let ep: number;
let a: number;
let b: number;
let studyId: number;

beforeEach(async () => {
  t = await tempServices({ demo: false });
  const study = await makeStudy(t.services.db, 'S', 'tau-elicitation', [{ id: 'e1', judge: 'flagged' }]);
  studyId = study.studyId;
  ep = study.ids.e1;
  [a, b] = makeAnnotators(t.services.db, ['Ana', 'Ben']);
});
afterEach(() => t.cleanup());

describe('labels', () => {
  it('sets a label durably: the value, one history row, and a revision the caller can acknowledge', () => {
    const ack = setLabel(t.services.db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    expect(ack).toMatchObject({ field: 'error_source', phase: 'final', value: 'agent' });
    expect(ack.revision).toBeGreaterThan(0);
    t.services.db.close();
    const reopened = openDatabase(t.dbPath);
    t.services.db = reopened;
    expect(getEpisodeLabels(reopened, ep, a).values).toEqual({ error_source: 'agent' });
    expect(listHistory(reopened, ep, a).map((h) => [h.action, h.field, h.oldValue, h.newValue])).toEqual([['set', 'error_source', null, 'agent']]);
  });

  it('refuses unknown fields and values outside the taxonomy', () => {
    expect(() => setLabel(t.services.db, { episodeId: ep, annotatorId: a, field: 'colour', value: 'red' }, now)).toThrow(/not a field/);
    expect(() => setLabel(t.services.db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'martians' }, now)).toThrow(/not an option/);
    expect(() => setLabel(t.services.db, { episodeId: ep, annotatorId: a, field: 'first_error_ms', value: -4 }, now)).toThrow(/number/);
  });

  it('clears a subtype that no longer applies in the same transaction, and one undo restores both', () => {
    const db = t.services.db;
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_subtype', value: 'vad' }, now);
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'no_error' }, now);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({ error_source: 'no_error' });
    expect(undoLast(db, ep, a, now)).toBe(true);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({ error_source: 'agent', error_subtype: 'vad' });
    expect(undoLast(db, ep, a, now)).toBe(true);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({ error_source: 'agent' });
    expect(undoLast(db, ep, a, now)).toBe(true);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({});
    expect(undoLast(db, ep, a, now)).toBe(false);
    expect(getEpisodeLabels(db, ep, a).canUndo).toBe(false);
    const actions = listHistory(db, ep, a).map((h) => h.action);
    expect(actions.filter((x) => x === 'undo')).toHaveLength(4);
    // That the history refuses UPDATE and DELETE at the database is main/db's test (migrations/009-strict-tables.test.ts).
  });

  it('clears the corrected judge label when the annotator agrees with the judge', () => {
    const db = t.services.db;
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'judge_agree', value: false }, now);
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'judge_label', value: 'not_flagged' }, now);
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'judge_agree', value: true }, now);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({ judge_agree: true });
  });

  it('in a blind study never returns another annotator’s labels; without blind mode it does', () => {
    const db = t.services.db;
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    setLabel(db, { episodeId: ep, annotatorId: b, field: 'error_source', value: 'user' }, now);
    const blind = getEpisodeLabels(db, ep, b);
    expect(blind.settings.blind).toBe(true);
    expect(blind.values).toEqual({ error_source: 'user' });
    expect(blind.others).toEqual([]);
    expect(JSON.stringify({ ...blind, settings: null })).not.toContain('"agent"');
    expect(listHistory(db, ep, b).every((h) => h.annotator === 'Ben')).toBe(true);
    updateSettings(db, { studyId, blind: false });
    expect(getEpisodeLabels(db, ep, b).others).toEqual([{ annotator: 'Ana', values: { error_source: 'agent' } }]);
  });

  it('with the judge hidden keeps pre-reveal labels, copies them to final on commit, and edits after go to final', () => {
    const db = t.services.db;
    updateSettings(db, { studyId, hideJudgeUntilCommit: true });
    const ack = setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    expect(ack.phase).toBe('pre_reveal');
    let labels = getEpisodeLabels(db, ep, a);
    expect([labels.judgeVisible, labels.committed, labels.phase]).toEqual([false, false, 'pre_reveal']);
    commitEpisode(db, ep, a, now);
    labels = getEpisodeLabels(db, ep, a);
    expect([labels.judgeVisible, labels.committed, labels.phase]).toEqual([true, true, 'final']);
    setLabel(db, { episodeId: ep, annotatorId: a, field: 'error_source', value: 'system' }, now);
    labels = getEpisodeLabels(db, ep, a);
    expect(labels.values).toEqual({ error_source: 'system' });
    expect(labels.preReveal).toEqual({ error_source: 'agent' });
    undoLast(db, ep, a, now);
    expect(getEpisodeLabels(db, ep, a).values).toEqual({ error_source: 'agent' });
    expect(undoLast(db, ep, a, now)).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { setLabel } from './labels';
import { adjudicationQueue, decide, resolutionSummary } from './adjudication';
import { updateSettings } from './settings';
import { listHistory } from './history';
import { episodeDecision } from '../db/adjudications';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

describe('adjudication', () => {
  it('queues only disputed items, accepts unanimous ones, records final labels with rationale, and counts resolution', async () => {
    const db = t.services.db;
    const { studyId, ids } = await makeStudy(db, 'S', 'tau-elicitation', ['e1', 'e2', 'e3', 'e4'].map((id) => ({ id })));
    const [a, b, judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
    const labels: [string, string, string][] = [['e1', 'agent', 'agent'], ['e2', 'agent', 'user'], ['e3', 'system', 'agent'], ['e4', 'no_error', 'no_error']];
    for (const [e, la, lb] of labels) {
      setLabel(db, { episodeId: ids[e], annotatorId: a, field: 'error_source', value: la }, now);
      setLabel(db, { episodeId: ids[e], annotatorId: b, field: 'error_source', value: lb }, now);
    }
    expect(() => adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: a })).toThrow(/not an adjudicator/);
    let q = adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy });
    expect(q.items.map((i) => [i.externalId, i.status])).toEqual([['e2', 'disputed'], ['e3', 'disputed']]);
    expect(q.items[0].labels).toEqual([{ annotator: 'A', value: 'agent' }, { annotator: 'B', value: 'user' }]);
    const counts = { field: 'error_source', items: 4, unanimous: 2 };
    expect(q.counts).toEqual({ ...counts, decided: 0, unresolved: 0, open: 2, resolved: 2 });

    decide(db, { episodeId: ids.e2, field: 'error_source', value: 'user', rationale: 'caller gave the wrong date', adjudicatorId: judy }, now);
    expect(() => decide(db, { episodeId: ids.e3, field: 'error_source', value: 'unresolved', rationale: ' ', adjudicatorId: judy }, now)).toThrow(/why/);
    decide(db, { episodeId: ids.e3, field: 'error_source', value: 'unresolved', rationale: 'audio missing', adjudicatorId: judy }, now);
    expect(() => decide(db, { episodeId: ids.e1, field: 'error_source', value: 'banana', rationale: '', adjudicatorId: judy }, now)).toThrow(/not a label/);
    q = adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy });
    expect(q.items.map((i) => [i.externalId, i.status, i.final, i.rationale])).toEqual([
      ['e2', 'decided', 'user', 'caller gave the wrong date'],
      ['e3', 'unresolved', 'unresolved', 'audio missing'],
    ]);
    // An item left unresolved is not decided: the four counts add up to the items.
    expect(resolutionSummary(db, studyId)).toEqual([{ ...counts, decided: 1, unresolved: 1, open: 0, resolved: 3 }]);
    expect(listHistory(db, ids.e2, judy).map((h) => [h.action, h.phase, h.newValue])).toEqual([['adjudicate', 'adjudication', 'user']]);
    // Stored as labels are: JSON text.
    expect(episodeDecision(db, ids.e2, 'error_source')?.valueJson).toBe('"user"');
    expect(episodeDecision(db, ids.e3, 'error_source')?.valueJson).toBe('"unresolved"');
  });

  it('replaces a decision, keeping the old and new values in the history', async () => {
    const db = t.services.db;
    const { studyId, ids } = await makeStudy(db, 'S', 'tau-elicitation', [{ id: 'e1' }]);
    const [a, b, judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
    setLabel(db, { episodeId: ids.e1, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    setLabel(db, { episodeId: ids.e1, annotatorId: b, field: 'error_source', value: 'user' }, now);
    const on = { episodeId: ids.e1, field: 'error_source', adjudicatorId: judy };
    decide(db, { ...on, value: 'unresolved', rationale: 'no audio' }, now);
    const item = decide(db, { ...on, value: 'agent', rationale: 'heard it again' }, now);
    expect([item.status, item.final, item.rationale]).toEqual(['decided', 'agent', 'heard it again']);
    const history = listHistory(db, ids.e1, judy).map((h) => [h.oldValue, h.newValue]);
    expect(history).toEqual([['unresolved', 'agent'], [null, 'unresolved']]);
    const { counts } = adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy });
    expect(counts).toMatchObject({ decided: 1, unresolved: 0, open: 0 });
  });

  it('puts unanimous items in the queue too when auto-acceptance is off', async () => {
    const db = t.services.db;
    const { studyId, ids } = await makeStudy(db, 'S', 'tau-elicitation', [{ id: 'e1' }]);
    const [a, b, judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
    setLabel(db, { episodeId: ids.e1, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    setLabel(db, { episodeId: ids.e1, annotatorId: b, field: 'error_source', value: 'agent' }, now);
    updateSettings(db, { studyId, autoAcceptUnanimous: false });
    const q = adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy });
    expect(q.items.map((i) => [i.status, i.final])).toEqual([['unanimous', null]]);
    expect(q.counts.resolved).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { setLabel } from './labels';
import { decide } from './adjudication';
import { adjudicationItemDetail } from './adjudication-item';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

describe('the item under adjudication', () => {
  it("shows every annotator's label, notes, first error and regions, and the judge's label and rationale", async () => {
    const db = t.services.db;
    const { ids } = await makeStudy(db, 'S', 'tau-elicitation', [{ id: 'e1', judge: 'flagged' }, { id: 'e2' }]);
    const [a, b, judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
    const label = (annotatorId: number, field: string, value: string | number | string[]) =>
      setLabel(db, { episodeId: ids.e1, annotatorId, field, value }, now);
    label(a, 'error_source', 'agent');
    label(a, 'notes', 'agent read the date back wrong');
    label(a, 'first_error_ms', 4200);
    label(a, 'regions', ['4000-5200 wrong date', '1000-1500']);
    label(b, 'error_source', 'user');
    label(b, 'notes', 'the caller misspoke');

    const detail = adjudicationItemDetail(db, { episodeId: ids.e1, field: 'error_source', adjudicatorId: judy });
    expect(detail.item).toMatchObject({ externalId: 'e1', status: 'disputed', judgeLabel: 'flagged' });
    expect(detail.annotators).toEqual([
      {
        annotator: 'A',
        initials: 'A',
        value: 'agent',
        notes: 'agent read the date back wrong',
        firstErrorMs: 4200,
        regions: [{ startMs: 1000, endMs: 1500, label: '' }, { startMs: 4000, endMs: 5200, label: 'wrong date' }],
      },
      { annotator: 'B', initials: 'B', value: 'user', notes: 'the caller misspoke', firstErrorMs: null, regions: [] },
    ]);
    const judge = { judgeId: 'test-judge', label: 'flagged', rationale: 'judge says flagged', findings: [] };
    expect(detail.judge).toEqual(judge);

    const rationale = 'both plausible';
    decide(db, { episodeId: ids.e1, field: 'error_source', value: 'unresolved', rationale, adjudicatorId: judy }, now);
    const { item } = adjudicationItemDetail(db, { episodeId: ids.e1, field: 'error_source', adjudicatorId: judy });
    expect([item.status, item.final, item.rationale]).toEqual(['unresolved', 'unresolved', rationale]);
  });

  it('is refused to anyone but an adjudicator, and for an item fewer than two annotators labelled', async () => {
    const db = t.services.db;
    const { ids } = await makeStudy(db, 'S', 'tau-elicitation', [{ id: 'e1' }]);
    const [a, , judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
    setLabel(db, { episodeId: ids.e1, annotatorId: a, field: 'error_source', value: 'agent' }, now);
    const ask = (adjudicatorId: number) => () =>
      adjudicationItemDetail(db, { episodeId: ids.e1, field: 'error_source', adjudicatorId });
    expect(ask(a)).toThrow(/not an adjudicator/);
    expect(ask(judy)).toThrow(/fewer than two labels/);
  });
});

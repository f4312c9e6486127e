import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { parseCsvRecords } from '../util/csv';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { VALIDATION_COLUMNS, csvText, validationCsv } from './validation-csv';

describe('validation.csv export', () => {
  let t: TempServices;
  let studyId: number;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
    studyId = (await writeBatch(t.services.db, await readTauElicitation(fixture('tau-elicitation')), { now: new Date() })).study.id;
  }, 60_000);
  afterAll(() => t.cleanup());

  it('round-trips the fixture’s call rows: same 24 columns, and every call column equal to the original', () => {
    const original = parseCsvRecords(readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8'));
    const exported = parseCsvRecords(validationCsv(t.services.db, studyId));
    expect(exported.header).toEqual([...VALIDATION_COLUMNS]);
    expect(original.header).toEqual([...VALIDATION_COLUMNS]);
    const calls = original.records.filter((r) => r.unit_type === 'call');
    expect(exported.records).toHaveLength(calls.length);
    const bySim = new Map(exported.records.map((r) => [r.simulation_id, r]));
    for (const want of calls) {
      const got = bySim.get(want.simulation_id)!;
      for (const column of VALIDATION_COLUMNS) {
        const expected = column === 'reward' ? String(Number(want.reward)) : want[column];
        expect([want.simulation_id, column, got[column]]).toEqual([want.simulation_id, column, expected]);
      }
    }
  });

  it('quotes fields with commas, quotes and newlines', () => {
    expect(csvText([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe('"a,b","say ""hi""","two\nlines",plain\n');
  });
});

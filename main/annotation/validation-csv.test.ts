import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { parseCsvRecords } from '../util/csv';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { findStudy } from '../db/studies';
import type { Db } from '../db/open';
import type { LabelValue } from '../../shared/types/annotation';
import { csvText } from '../../shared/csv-cell';
import { VALIDATION_COLUMNS, validationCsv, validationCsvWarnings } from './validation-csv';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { setLabel } from './labels';
import { studyEpisodes } from './lookups';
import { setStudyTaxonomy } from './settings';

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

  it('neutralises text a spreadsheet would run as a formula (OWASP: a leading quote, quoted) but not numbers', () => {
    const text = ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://127.0.0.1/x")', 'a-b', 'x=1'];
    expect(csvText([text])).toBe(
      `"'=1+2","'+1","'-1","'@SUM(A1)","'\tx","'\rx","'=HYPERLINK(""http://127.0.0.1/x"")",a-b,x=1\n`,
    );
    expect(csvText([[-0.25, 3, 1e-7, -0, Number.NaN, -Infinity]])).toBe('-0.25,3,1e-7,0,,\n');
  });
});

describe('validation.csv columns follow field roles, not field keys', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const label = (db: Db, episodeId: number, annotatorId: number, values: Record<string, LabelValue>) => {
    for (const [field, value] of Object.entries(values)) setLabel(db, { episodeId, annotatorId, field, value }, now);
  };
  const roleColumns = (csv: string) =>
    parseCsvRecords(csv).records.map((r) => [
      r.simulation_id, r.human_error_source_a, r.human_error_source_b, r.human_error_subtype_a, r.human_error_subtype_b,
      r.human_severity_a, r.human_severity_b, r.human_notes_a, r.human_notes_b, r.human_positive_votes,
    ]);

  it('the demo study labelled on its `source` field fills human_error_source_a/b', async () => {
    const t = await tempServices();
    try {
      const db = t.services.db;
      const demo = findStudy(db, 'Demo study')!;
      const [first, second] = studyEpisodes(db, demo.id);
      const [ana, ben] = makeAnnotators(db, ['Ana', 'Ben']);
      label(db, first.id, ana, { source: 'agent', notes: 'misread the order number' });
      label(db, first.id, ben, { source: 'user' });
      label(db, second.id, ana, { source: 'no_error', severity: '0' });
      label(db, second.id, ben, { source: 'agent', severity: '2' });
      expect(roleColumns(validationCsv(db, demo.id))).toEqual([
        [first.externalId, 'agent', 'user', '', '', '', '', 'misread the order number', '', '2'],
        [second.externalId, 'no_error', 'agent', '', '', '0', '2', '', '', '1'],
      ]);
      expect(validationCsvWarnings(db, demo.id)).toEqual([
        'no field of taxonomy "generic" has role "subtype": human_error_subtype_a/b are left empty',
      ]);
    } finally {
      t.cleanup();
    }
  });

  it('writes labels that start like a formula as text, and a negative reward as a number', async () => {
    const t = await tempServices();
    try {
      const db = t.services.db;
      const { studyId, ids } = await makeStudy(db, 'Rewards', 'generic', [{ id: 'r1', reward: -0.25 }]);
      const [ana, ben] = makeAnnotators(db, ['Ana', 'Ben']);
      label(db, ids.r1, ana, { source: 'agent', notes: '=HYPERLINK("http://127.0.0.1/x","click")' });
      label(db, ids.r1, ben, { source: 'user', notes: '@SUM(1+1)' });
      const csv = validationCsv(db, studyId);
      const line = csv.split('\n')[1];
      expect(line).toContain(',-0.25,');
      expect(line.endsWith(`,"'=HYPERLINK(""http://127.0.0.1/x"",""click"")","'@SUM(1+1)"`)).toBe(true);
      const row = parseCsvRecords(csv).records[0];
      expect([row.reward, row.human_notes_a, row.human_notes_b]).toEqual([
        '-0.25',
        `'=HYPERLINK("http://127.0.0.1/x","click")`,
        "'@SUM(1+1)",
      ]);
    } finally {
      t.cleanup();
    }
  });

  it('a custom `cause` field with role source fills the source columns; one named error_source does not', async () => {
    const t = await tempServices({ demo: false });
    try {
      const db = t.services.db;
      const { studyId, ids } = await makeStudy(db, 'Custom', 'generic', [{ id: 'c1' }, { id: 'c2' }]);
      const option = (value: string) => ({ value });
      setStudyTaxonomy(db, studyId, {
        format: 'earshot-taxonomy-v1',
        id: 'custom',
        name: 'Custom review',
        verdicts: [{ value: 'fail', failure: true }],
        fields: [
          { key: 'error_source', label: 'Decoy', kind: 'single', options: [option('user')] },
          { key: 'cause', label: 'Cause', kind: 'single', role: 'source', options: ['agent', 'sys'].map(option) },
          { key: 'kind', label: 'Kind', kind: 'single', role: 'subtype', options: [option('vad')] },
          { key: 'level', label: 'Level', kind: 'number', role: 'severity' },
          { key: 'remarks', label: 'Remarks', kind: 'text', role: 'notes' },
        ],
      });
      const [ana, ben] = makeAnnotators(db, ['Ana', 'Ben']);
      label(db, ids.c1, ana, { error_source: 'user', cause: 'agent', kind: 'vad', level: 1, remarks: 'talked over' });
      label(db, ids.c1, ben, { cause: 'sys', level: 0, notes: 'panel notes, not the notes role' });
      label(db, ids.c2, ana, { error_source: 'user' });
      label(db, ids.c2, ben, { cause: 'sys' });
      expect(roleColumns(validationCsv(db, studyId))).toEqual([
        ['c1', 'agent', 'sys', 'vad', '', '1', '0', 'talked over', '', '1'],
        ['c2', '', 'sys', '', '', '', '', '', '', '1'],
      ]);
      expect(validationCsvWarnings(db, studyId)).toEqual([]);
    } finally {
      t.cleanup();
    }
  });
});

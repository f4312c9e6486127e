/**
 * Labels that arrive with imported data are held to the study's taxonomy as labels.set holds a label: a value its field
 * does not take refuses the import by file, record and field and writes nothing; a field it does not define is kept and
 * warned of. Before, "banana", objects and unknown fields were all stored without a word.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';
import { parseCsvRows } from '../util/csv';
import { listStudies } from '../db/studies';
import { labelledFieldNames } from '../db/labels';
import { ImportError } from './batch';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';
import { setStudyTaxonomy } from '../annotation/settings';

afterAll(removeTempDirs);

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');

async function refused(path: string, format: SourceFormat): Promise<ImportError> {
  let failure: unknown = null;
  try {
    await importPath(t.services.db, path, format, { now });
  } catch (err) {
    failure = err;
  }
  expect(failure).toBeInstanceOf(ImportError);
  expect(listStudies(t.services.db)).toEqual([]);
  return failure as ImportError;
}

const where = (err: ImportError) => [err.file, err.record, err.field];

/** A generic JSONL of three episodes, the last with `annotations`, after a header naming `benchmark`. */
function jsonl(annotations: object[], benchmark = 'generic'): string {
  const header = { schema: 'earshot-study-v1', name: 'Labelled', benchmark };
  const episode = (id: string, extra: object = {}) => ({ schema: 'earshot-episode-v1', id, turns: [], ...extra });
  const lines = [header, episode('a'), episode('b'), episode('c', { annotations })];
  return join(writeFiles(tempDir(), { 'calls.jsonl': lines.map((l) => JSON.stringify(l)).join('\n') }), 'calls.jsonl');
}

describe('generic JSONL annotations', () => {
  it('refuses a choice the field does not have ("banana"), naming the line and the label', async () => {
    const err = await refused(jsonl([{ annotator: 'A', field: 'source', value: 'banana' }]), 'generic');
    expect(where(err)).toEqual(['calls.jsonl', 'line 4', 'annotations[0]']);
    expect(err.problem).toBe('source: "banana" is not an option (taxonomy "Generic failure review")');
  });

  it('refuses an object where a label goes, and a value of the wrong kind for the panel’s own fields', async () => {
    const object = await refused(jsonl([{ annotator: 'A', field: 'severity', value: { level: 2 } }]), 'generic');
    expect(object.problem).toBe('severity: expects a choice, a list of choices, yes/no, a number or text, not object');
    const agree = await refused(jsonl([{ annotator: 'A', field: 'judge_agree', value: 'yes' }]), 'generic');
    expect(agree.problem).toMatch(/^judge_agree: expects yes or no/);
    const verdict = await refused(jsonl([{ annotator: 'A', field: 'verdict', value: ['pass'] }]), 'generic');
    expect(verdict.problem).toBe('verdict: expects one choice');
  });

  it('checks against the taxonomy of the benchmark the header names', async () => {
    const err = await refused(jsonl([{ annotator: 'A', field: 'type', value: 'banana' }], 'tau-voice'), 'generic');
    expect(err.problem).toMatch(/^type: "banana" is not an option \(taxonomy "τ-Voice/);
    const labels = [
      { annotator: 'A', field: 'source', value: 'agent' },
      { annotator: 'A', field: 'type', value: 'vad' },
      { annotator: 'A', field: 'first_error_ms', value: 4100 },
    ];
    expect(await importPath(t.services.db, jsonl(labels, 'tau-voice'), 'generic', { now })).toMatchObject({
      annotations: 3,
      warnings: [],
    });
  });

  it('takes a number for the choice written the same way, and a verdict as text', async () => {
    const labels = [
      { annotator: 'A', field: 'severity', value: 2 },
      { annotator: 'A', field: 'verdict', value: 'fail' },
    ];
    expect(await importPath(t.services.db, jsonl(labels), 'generic', { now })).toMatchObject({ annotations: 2 });
  });

  it('keeps labels in a field the taxonomy does not define, with one warning naming where the first came from', async () => {
    const labels = [
      { annotator: 'A', field: 'subtype', value: 'vad' },
      { annotator: 'B', field: 'subtype', value: { any: 'thing' } },
    ];
    const summary = await importPath(t.services.db, jsonl(labels), 'generic', { now });
    expect(summary).toMatchObject({ annotations: 2 });
    expect(summary.warnings).toEqual([
      'calls.jsonl: line 4: annotations[0]: "subtype" is not a field of the taxonomy "Generic failure review"; ' +
        'its 2 label(s) are kept as data, unchecked, and the labelling panel does not offer them',
    ]);
    expect(labelledFieldNames(t.services.db, summary.study.id)).toEqual(['subtype']);
  });
});

describe('labels arriving in a study that has a taxonomy of its own', () => {
  const own = {
    format: 'earshot-taxonomy-v1',
    id: 'own',
    name: 'Our review',
    verdicts: [{ value: 'bad', failure: true }],
    fields: [{ key: 'mood', label: 'Mood', kind: 'single', options: [{ value: 'calm' }, { value: 'tense' }] }],
  };

  /** A generic JSONL into the study "Labelled" with one episode `id` carrying `annotations`. */
  const call = (id: string, annotations: object[]) => {
    const header = { schema: 'earshot-study-v1', name: 'Labelled', benchmark: 'generic' };
    const lines = [header, { schema: 'earshot-episode-v1', id, turns: [], annotations }];
    return join(
      writeFiles(tempDir(), { 'calls.jsonl': lines.map((l) => JSON.stringify(l)).join('\n') }),
      'calls.jsonl',
    );
  };

  it('holds them to the study’s own taxonomy, not the benchmark’s', async () => {
    const db = t.services.db;
    const first = await importPath(db, call('a', []), 'generic', { now });
    setStudyTaxonomy(db, first.study.id, own);
    const kept = await importPath(db, call('b', [{ annotator: 'A', field: 'mood', value: 'tense' }]), 'generic', {
      now,
    });
    expect(kept).toMatchObject({ study: { id: first.study.id }, annotations: 1, warnings: [] });
    const err = await importPath(db, call('c', [{ annotator: 'A', field: 'mood', value: 'banana' }]), 'generic', {
      now,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(where(err as ImportError)).toEqual(['calls.jsonl', 'line 2', 'annotations[0]']);
    expect((err as ImportError).problem).toBe('mood: "banana" is not an option (taxonomy "Our review")');
  });

  it('takes the study the caller names over the one the source names', async () => {
    const db = t.services.db;
    const target = await importPath(db, call('a', []), 'generic', { now, studyName: 'Ours' });
    setStudyTaxonomy(db, target.study.id, own);
    const into = await importPath(db, call('b', [{ annotator: 'A', field: 'mood', value: 'calm' }]), 'generic', {
      now,
      studyName: 'Ours',
    });
    expect(into).toMatchObject({ study: { id: target.study.id }, annotations: 1, warnings: [] });
  });
});

describe('τ-Elicitation validation.csv', () => {
  const validation = readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8');
  const csv = (rows: string[][]) =>
    rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');

  it('imports every label of the archive’s two annotators (numbers for severities), warning only of notes on findings', async () => {
    const root = tempDir();
    cpSync(fixture('tau-elicitation'), root, { recursive: true });
    const summary = await importPath(t.services.db, root, 'tau-elicitation', { now });
    expect(summary.annotations).toBeGreaterThan(400);
    const fields = summary.warnings.filter((w) => w.includes('is not a field of the taxonomy'));
    expect(fields).toEqual([
      expect.stringMatching(/^judge_validation\/validation\.csv: row 1 .*"finding_notes" is not/),
    ]);
  });

  it('refuses a rater’s error source that is not an option, naming the row and the column', async () => {
    const rows = parseCsvRows(validation);
    const column = rows[0].indexOf('human_error_source_b');
    rows[2][column] = 'banana';
    const root = tempDir();
    cpSync(fixture('tau-elicitation'), root, { recursive: true });
    writeFileSync(join(root, 'judge_validation', 'validation.csv'), csv(rows));
    const err = await refused(root, 'tau-elicitation');
    expect(where(err)).toEqual([
      'judge_validation/validation.csv',
      `row 2 (call ${JSON.stringify(rows[2][rows[0].indexOf('simulation_id')])})`,
      'human_error_source_b',
    ]);
    expect(err.problem).toBe('error_source: "banana" is not an option (taxonomy "τ-Elicitation failure attribution")');
  });
});

/**
 * `judge_validation/validation.csv`: 100 calls each with the speech judge's call-level verdict and two annotators'
 * labels (A and B), plus the judge's individual findings on those calls (finding rows, without per-annotator columns).
 */
import { ImportError, type BatchAnnotation, type BatchEpisode, type BatchJudgement } from '../batch';
import type { RefSite } from '../safe-path';
import { readCsvFile } from './csv-file';
import { validationRow, type ValidationRow } from './schema';

/** One validated call: its call row, that row's number (from 1) and the finding rows about it. */
export interface ValidationCall {
  call: ValidationRow;
  row: number;
  findings: ValidationRow[];
}

const numberOr = (value: string): number | string | null => (value === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value);

/** Reads the file at `path` (named `file`): finding rows attach to the call row with the same simulation_id. */
export function readValidation(path: string, file: string, warn: (message: string) => void): Map<string, ValidationCall> {
  const rows = readCsvFile(path, file, validationRow, (i, raw) => `row ${i + 1} (${raw.unit_type ?? '?'} ${JSON.stringify(raw.simulation_id ?? '')})`);
  const calls = new Map<string, ValidationCall>();
  rows.forEach((row, i) => {
    if (row.unit_type !== 'call') return;
    if (calls.has(row.simulation_id)) throw new ImportError(file, `row ${i + 1} (call ${JSON.stringify(row.simulation_id)})`, 'simulation_id', 'a second call row for the same simulation');
    calls.set(row.simulation_id, { call: row, row: i + 1, findings: [] });
  });
  let orphans = 0;
  for (const row of rows) {
    if (row.unit_type !== 'finding') continue;
    const owner = calls.get(row.simulation_id);
    if (owner) owner.findings.push(row);
    else orphans++;
  }
  if (orphans) warn(`${file}: ${orphans} finding row(s) have no call row and were ignored`);
  return calls;
}

/** The judge's verdict on the call: flagged / not_flagged, its issue as rationale, each finding row as a finding. */
export function validationJudgement({ call, findings }: ValidationCall): BatchJudgement {
  return {
    judgeId: 'tau-elicit-speech-judge-validation',
    label: call.judge_label === '1' ? 'flagged' : 'not_flagged',
    rationale: call.judge_issue,
    categories: [...new Set(findings.map((f) => f.factor).filter(Boolean))],
    findings: findings.map((f) => ({ text: f.judge_issue, startMs: null, endMs: null, category: f.factor || null })),
  };
}

/** The columns (before `_a` or `_b`) of a call row that each annotator's labels are read from, by field. */
const LABEL_COLUMNS = {
  error_source: 'human_error_source',
  error_subtype: 'human_error_subtype',
  severity: 'human_severity',
  notes: 'human_notes',
} as const;

/** Where a label of `v` was read, for messages: the call row and the column (finding rows for notes on them). */
export function validationSite(v: ValidationCall, label: BatchAnnotation, file: string): RefSite {
  const k = label.annotator.toLowerCase();
  const column = label.field in LABEL_COLUMNS ? LABEL_COLUMNS[label.field as keyof typeof LABEL_COLUMNS] : null;
  const field = column ? `${column}_${k}` : `human_notes_${k} (finding rows)`;
  return { file, record: `row ${v.row} (call ${JSON.stringify(v.call.simulation_id)})`, field };
}

/**
 * Both annotators' labels as annotations (annotator 'A' from the `_a` columns, 'B' from `_b`): error_source,
 * error_subtype, severity and notes from the call row, and their notes on the judge's findings as `finding_notes`.
 * Empty cells are not labels and are left out.
 */
export function validationAnnotations({ call, findings }: ValidationCall): BatchAnnotation[] {
  const out: BatchAnnotation[] = [];
  for (const [annotator, k] of [['A', 'a'], ['B', 'b']] as const) {
    const cell = (field: keyof typeof LABEL_COLUMNS) =>
      (call as Record<string, string>)[`${LABEL_COLUMNS[field]}_${k}`];
    const fields: [string, unknown][] = [
      ['error_source', cell('error_source') || null],
      ['error_subtype', cell('error_subtype') || null],
      ['severity', numberOr(cell('severity'))],
      ['notes', cell('notes') || null],
    ];
    for (const [field, value] of fields) if (value !== null) out.push({ annotator, field, value });
    const notes = findings
      .map((f) => ({ utteranceIndex: numberOr(f.utterance_index), note: (f as Record<string, string>)[`human_notes_${k}`] }))
      .filter((n) => n.note);
    if (notes.length) out.push({ annotator, field: 'finding_notes', value: notes });
  }
  return out;
}

/** The rest of the rows, for `info.validation`: clip, bank, tier, severities and the pooled human votes per unit. */
export function validationInfo({ call, findings }: ValidationCall): Record<string, unknown> {
  const votes = (r: ValidationRow) => ({
    judgeSeverity: numberOr(r.judge_severity),
    humanPositiveVotes: numberOr(r.human_positive_votes),
    humanStrictLabel: numberOr(r.human_strict_label),
    humanLenientLabel: numberOr(r.human_lenient_label),
  });
  return {
    clipId: call.clip_id,
    bank: call.bank,
    tier: call.tier,
    factor: call.factor,
    ...votes(call),
    findings: findings.map((f) => ({ utteranceIndex: numberOr(f.utterance_index), utteranceText: f.utterance_text, factor: f.factor, ...votes(f) })),
  };
}

/**
 * An episode for a validated call whose transcript is not in the import: no turns, the row's reward and task, marked
 * `info.subset = 'validation'` (a judge-validation sample, no part of a results cell).
 */
export function validationEpisode(v: ValidationCall, source: string): BatchEpisode {
  const reward = numberOr(v.call.reward);
  return {
    externalId: v.call.simulation_id,
    system: '',
    task: v.call.task_id,
    trial: 0,
    condition: {},
    outcome: typeof reward === 'number' ? (reward === 1 ? 'pass' : 'fail') : null,
    reward: typeof reward === 'number' ? reward : null,
    durationMs: null,
    info: { source, subset: 'validation' },
    turns: [],
    audio: [],
    judgements: [],
    annotations: [],
  };
}

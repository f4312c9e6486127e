/** CSV export in the column shape of τ-Elicitation's judge_validation/validation.csv: one `call` row per episode, two annotators A and B. */
import type { Db } from '../db/open';
import type { LabelValue, Taxonomy } from '../../shared/types/annotation';
import { FIELD_ROLES, fieldForRole, type FieldRole } from '../../shared/taxonomies/roles';
import { DomainError } from '../domain/errors';
import { studyLabels } from '../db/labels';
import { newestJudgeOutputs } from '../db/judge-outputs';
import { requireAnnotator, requireStudy, studyEpisodes } from './lookups';
import { getSettings } from './settings';
import { decodeValue } from './values';
import { csvText, type CsvCell } from '../../shared/csv-cell';

/** The 24 columns of validation.csv, in its order. */
export const VALIDATION_COLUMNS = [
  'unit_type', 'clip_id', 'simulation_id', 'task_id', 'bank', 'tier', 'reward', 'factor', 'utterance_index', 'utterance_text',
  'judge_label', 'judge_severity', 'judge_issue', 'human_positive_votes', 'human_strict_label', 'human_lenient_label',
  'human_severity_a', 'human_severity_b', 'human_error_source_a', 'human_error_source_b', 'human_error_subtype_a',
  'human_error_subtype_b', 'human_notes_a', 'human_notes_b',
] as const;

/** The columns (without the `_a`/`_b` suffix) filled from the field playing each role; never looked up by field key. */
const ROLE_COLUMNS: Readonly<Record<FieldRole, string>> = {
  source: 'human_error_source',
  subtype: 'human_error_subtype',
  severity: 'human_severity',
  notes: 'human_notes',
};

/** A value of an imported episode's info as a cell: numbers stay numbers, anything else is text ('' when absent). */
const infoCell = (v: unknown): CsvCell => (v === null || v === undefined ? '' : typeof v === 'number' ? v : String(v));

const cell = (v: LabelValue | undefined): CsvCell =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join('|') : typeof v === 'boolean' ? (v ? '1' : '0') : v;

/** An annotator's values by role: the value of the field playing each role (undefined when unlabelled or unplayed). */
export type RoleValues = Partial<Record<FieldRole, LabelValue>>;

/** Picks an annotator's values by role, reading each role's field as the taxonomy assigns it. */
function roleValues(taxonomy: Taxonomy, values: Record<string, LabelValue>): RoleValues {
  const out: RoleValues = {};
  for (const role of FIELD_ROLES) {
    const key = fieldForRole(taxonomy, role)?.key;
    if (key !== undefined && values[key] !== undefined) out[role] = values[key];
  }
  return out;
}

/**
 * Whether an annotator marked the call positive (a speech-fidelity failure): severity > 0 when severity was labelled,
 * otherwise an error source other than no_error; null when neither was labelled.
 */
export function humanPositive(values: RoleValues): boolean | null {
  const severity = values.severity;
  if (severity !== undefined && severity !== null && Number.isFinite(Number(severity))) return Number(severity) > 0;
  const source = values.source;
  if (typeof source === 'string' && source !== '') return source !== 'no_error';
  return null;
}

/**
 * Why some columns of the study's validation.csv will be empty: one message per role no field of its taxonomy plays
 * (CSV has no comment line, so callers show these beside the file). Empty when every role has a field.
 */
export function validationCsvWarnings(db: Db, studyId: number): string[] {
  const { taxonomy } = getSettings(db, studyId);
  return FIELD_ROLES.filter((role) => !fieldForRole(taxonomy, role)).map(
    (role) => `no field of taxonomy "${taxonomy.id}" has role "${role}": ${ROLE_COLUMNS[role]}_a/b are left empty`,
  );
}

/**
 * The study's calls as validation.csv rows (final labels of annotators A and B, default the first two who labelled).
 * The severity, error source, subtype and notes columns come from the fields playing those roles in the study's
 * taxonomy (see validationCsvWarnings for roles without a field, whose columns stay empty).
 * Episodes imported from validation.csv keep their clip, bank, tier, factor and judge severity (from `info.validation`).
 * judge_label is 1 when the newest judgement is a failure verdict of the taxonomy, 0 when not, empty without one.
 */
export function validationCsv(db: Db, studyId: number, raterIds?: [number, number]): string {
  requireStudy(db, studyId);
  const { taxonomy } = getSettings(db, studyId);
  const values = studyLabels(db, studyId, 'final');
  const raters = raterIds ?? ([...new Set(values.map((v) => v.annotatorId))].slice(0, 2) as number[]);
  if (raters.length !== 2) {
    throw new DomainError('invalid_input', 'the validation.csv shape needs two annotators (A and B) with labels');
  }
  raters.forEach((id) => requireAnnotator(db, id));
  const byEpisode = new Map<number, [Record<string, LabelValue>, Record<string, LabelValue>]>();
  for (const v of values) {
    const k = raters.indexOf(v.annotatorId);
    if (k < 0) continue;
    if (!byEpisode.has(v.episodeId)) byEpisode.set(v.episodeId, [{}, {}]);
    byEpisode.get(v.episodeId)![k][v.field] = decodeValue(v.valueJson);
  }
  const newestJudgements = newestJudgeOutputs(db, studyId, null);
  const failure = new Map(taxonomy.verdicts.map((v) => [v.value, v.failure]));
  const rows: CsvCell[][] = [[...VALIDATION_COLUMNS]];
  for (const e of studyEpisodes(db, studyId)) {
    const pair = byEpisode.get(e.id);
    if (!pair) continue;
    const [a, b] = pair.map((values) => roleValues(taxonomy, values));
    const info = (e.info.validation ?? {}) as Record<string, unknown>;
    const j = newestJudgements.get(e.id);
    const judgeFlag = j && failure.has(j.label) ? (failure.get(j.label) ? '1' : '0') : '';
    const positives = [humanPositive(a), humanPositive(b)];
    const votes = positives.filter((p) => p === true).length;
    const rated = positives.some((p) => p !== null);
    rows.push([
      'call', infoCell(info.clipId ?? e.externalId), e.externalId, e.task, infoCell(info.bank), infoCell(info.tier),
      e.reward ?? '', infoCell(info.factor), '', '',
      judgeFlag, infoCell(info.judgeSeverity), j?.rationale ?? '',
      rated ? votes : '',
      rated ? (votes === positives.filter((p) => p !== null).length && votes > 0 ? '1' : '0') : '',
      rated ? (votes > 0 ? '1' : '0') : '',
      cell(a.severity), cell(b.severity), cell(a.source), cell(b.source), cell(a.subtype), cell(b.subtype),
      cell(a.notes), cell(b.notes),
    ]);
  }
  return csvText(rows);
}

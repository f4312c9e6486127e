/** Ratings tables from the database: one field of one study, items = episodes, raters = annotators. */
import type { Db } from '../db/open';
import {
  SYSTEM_FIELDS,
  VERDICT_FIELD,
  type LabelPhase,
  type LabelValue,
  type Taxonomy,
} from '../../shared/types/annotation';
import { fieldSpec } from '../../shared/taxonomies/schema';
import type { Level } from '../stats/agreement/index';
import { DomainError } from '../domain/errors';
import { labelledFieldNames, studyLabels } from '../db/labels';
import { judgeLabels, requireAnnotator, studyEpisodes, type EpisodeRef } from './lookups';
import { getSettings } from './settings';
import { decodeValue, labelString } from './values';
import { isMarkField, MARK_CATEGORIES, markPresenceCells } from './mark-ratings';

/** The ratings of one field, ready for the agreement statistics. */
export interface FieldRatings {
  field: string;
  taxonomy: Taxonomy;
  /** Episodes that at least one of the raters labelled, in import order. */
  items: EpisodeRef[];
  raters: { id: number; name: string }[];
  /** labels[i][r]: rater r's category for item i, or null. */
  labels: (string | null)[][];
  /** The newest judge label of each item, or null. */
  judge: (string | null)[];
  /** Explicit category order (taxonomy options first, then other observed labels sorted), when the field has one. */
  categories: string[] | undefined;
  /** The field's own level of measurement. */
  level: Level;
  /** Whether the field's categories are judge labels, so humans and judge can be compared on it. */
  judgeComparable: boolean;
}

/** A field name split into its base field and, for `FIELD=OPTION`, the option whose presence is rated (yes / no). */
export function parseFieldName(field: string): { base: string; option: string | null } {
  const at = field.indexOf('=');
  return at < 0 ? { base: field, option: null } : { base: field.slice(0, at), option: field.slice(at + 1) };
}

/** Each (episode, annotator)'s category for the field: direct, `FIELD=OPTION` presence, or the derived human verdict. */
function categoryCells(
  db: Db,
  studyId: number,
  field: string,
  phase: LabelPhase,
  judged: Map<number, string>,
): Map<number, Map<number, string>> {
  const cells = new Map<number, Map<number, string>>();
  const put = (episodeId: number, annotatorId: number, label: string | null) => {
    if (label === null) return;
    if (!cells.has(episodeId)) cells.set(episodeId, new Map());
    cells.get(episodeId)!.set(annotatorId, label);
  };
  if (field === VERDICT_FIELD) {
    const byPair = new Map<
      string,
      { episodeId: number; annotatorId: number; agree?: LabelValue; corrected?: LabelValue }
    >();
    for (const r of studyLabels(db, studyId, phase, [SYSTEM_FIELDS.judgeAgree, SYSTEM_FIELDS.judgeLabel])) {
      const key = `${r.episodeId}:${r.annotatorId}`;
      const entry = byPair.get(key) ?? { episodeId: r.episodeId, annotatorId: r.annotatorId };
      if (r.field === SYSTEM_FIELDS.judgeAgree) entry.agree = decodeValue(r.valueJson);
      else entry.corrected = decodeValue(r.valueJson);
      byPair.set(key, entry);
    }
    for (const p of byPair.values()) {
      const judge = judged.get(p.episodeId) ?? null;
      put(
        p.episodeId,
        p.annotatorId,
        p.agree === true ? judge : p.agree === false ? labelString(p.corrected ?? null) : null,
      );
    }
    return cells;
  }
  const { base, option } = parseFieldName(field);
  for (const r of studyLabels(db, studyId, phase, [base])) {
    const value = decodeValue(r.valueJson);
    if (option === null) put(r.episodeId, r.annotatorId, labelString(value));
    else put(r.episodeId, r.annotatorId, Array.isArray(value) ? (value.includes(option) ? 'yes' : 'no') : null);
  }
  return cells;
}

function categoryOrder(taxonomy: Taxonomy, field: string, observed: Set<string>): string[] | undefined {
  const { base, option } = parseFieldName(field);
  let listed: string[] | undefined;
  if (isMarkField(field)) listed = [...MARK_CATEGORIES];
  else if (option !== null) listed = ['no', 'yes'];
  else if (field === VERDICT_FIELD || field === SYSTEM_FIELDS.judgeLabel)
    listed = taxonomy.verdicts.map((v) => v.value);
  else {
    const spec = fieldSpec(taxonomy, base);
    if (spec?.kind === 'boolean') listed = ['no', 'yes'];
    else if (spec?.kind === 'single') listed = spec.options!.map((o) => o.value);
  }
  if (!listed) return undefined;
  const extra = [...observed].filter((l) => !listed!.includes(l)).sort();
  return [...listed, ...extra];
}

/** Reads one field's ratings for a study; `raterIds` picks and orders the raters (default: everyone who labelled the field). */
export function fieldRatings(
  db: Db,
  studyId: number,
  field: string,
  options: { phase?: LabelPhase; raterIds?: number[] } = {},
): FieldRatings {
  const { taxonomy } = getSettings(db, studyId);
  const { base, option } = parseFieldName(field);
  const spec = fieldSpec(taxonomy, base);
  if (field !== VERDICT_FIELD && option !== null && spec && spec.kind !== 'multi')
    throw new DomainError('invalid_input', `${field}: "=OPTION" needs a multi-choice field`);
  const judged = judgeLabels(db, studyId);
  const phase = options.phase ?? 'final';
  const cells = isMarkField(field)
    ? markPresenceCells(db, studyId, field, phase)
    : categoryCells(db, studyId, field, phase, judged);
  const labelledBy = new Set([...cells.values()].flatMap((m) => [...m.keys()]));
  const raterIds = options.raterIds ?? [...labelledBy].sort((a, b) => a - b);
  const raters = raterIds.map((id) => ({ id, name: requireAnnotator(db, id).name }));
  const items = studyEpisodes(db, studyId).filter((e) => raterIds.some((r) => cells.get(e.id)?.has(r)));
  const labels = items.map((e) => raterIds.map((r) => cells.get(e.id)?.get(r) ?? null));
  const observed = new Set(labels.flat().filter((l): l is string => l !== null));
  const verdictValues = new Set(taxonomy.verdicts.map((v) => v.value));
  const judgeComparable =
    field === VERDICT_FIELD ||
    field === SYSTEM_FIELDS.judgeLabel ||
    (option === null && spec?.kind === 'single' && spec.options!.every((o) => verdictValues.has(o.value)));
  const level: Level = spec?.level ?? (spec?.kind === 'number' ? 'interval' : 'nominal');
  return {
    field,
    taxonomy,
    items,
    raters,
    labels,
    judge: items.map((e) => judged.get(e.id) ?? null),
    categories: categoryOrder(taxonomy, field, observed),
    level: option === null && !isMarkField(field) ? level : 'nominal',
    judgeComparable,
  };
}

/** Every field with at least one stored label in the study (plus `verdict` when anyone answered "agree with the judge?"). */
export function labelledFields(db: Db, studyId: number): string[] {
  const fields = labelledFieldNames(db, studyId);
  return fields.includes(SYSTEM_FIELDS.judgeAgree) ? [VERDICT_FIELD, ...fields] : fields;
}

/** The episodes at least one annotator labelled on the field (final phase): the labelled set a new judge is run on. */
export function labelledEpisodeIds(db: Db, studyId: number, field: string): Set<number> {
  return new Set(fieldRatings(db, studyId, field).items.map((e) => e.id));
}

/**
 * The first-error mark and labelled regions as ratings: an annotator who stored any label on a call (in the phase)
 * rated it, so a call they rated without a mark is "none" (no critical error, no region), not a missing rating.
 */
import type { Db } from '../db/open';
import { SYSTEM_FIELDS, type LabelPhase } from '../../shared/types/annotation';
import { regionsOf } from '../../shared/types/regions';
import { studyLabels } from '../db/labels';
import { decodeValue } from './values';

/** The presence categories of a mark field, in order. */
export const MARK_CATEGORIES = ['none', 'marked'] as const;

/** Whether the field is a time mark or the regions, rated by presence in the categorical report. */
export function isMarkField(field: string): boolean {
  return field === SYSTEM_FIELDS.firstErrorMs || field === SYSTEM_FIELDS.regions;
}

/** A stored value of the field, decoded, by episode id and annotator id. */
export type MarkValues = Map<number, Map<number, unknown>>;

/** Every (episode, annotator) with a label of any field in the phase, and the field's values among them. */
export function markValues(db: Db, studyId: number, field: string, phase: LabelPhase): { rated: MarkValues } {
  const rated: MarkValues = new Map();
  for (const r of studyLabels(db, studyId, phase)) {
    if (!rated.has(r.episodeId)) rated.set(r.episodeId, new Map());
    const cell = rated.get(r.episodeId)!;
    if (r.field === field) cell.set(r.annotatorId, decodeValue(r.valueJson));
    else if (!cell.has(r.annotatorId)) cell.set(r.annotatorId, null);
  }
  return { rated };
}

/** 'marked' for a time or a non-empty list of regions, else 'none'. */
export function presence(field: string, value: unknown): (typeof MARK_CATEGORIES)[number] {
  if (field === SYSTEM_FIELDS.firstErrorMs) return typeof value === 'number' ? 'marked' : 'none';
  return regionsOf(value).length > 0 ? 'marked' : 'none';
}

/** The presence category of every rated (episode, annotator), as the categorical report reads the field. */
export function markPresenceCells(
  db: Db,
  studyId: number,
  field: string,
  phase: LabelPhase,
): Map<number, Map<number, string>> {
  const { rated } = markValues(db, studyId, field, phase);
  const cells = new Map<number, Map<number, string>>();
  for (const [episodeId, byAnnotator] of rated) {
    cells.set(episodeId, new Map([...byAnnotator].map(([a, v]) => [a, presence(field, v)])));
  }
  return cells;
}

/**
 * Agreement a field's categories cannot express: the first-error time within a tolerance with interval α on the
 * marked times, labelled regions by Krippendorff's αu and tolerance matching per category, and multi-label sets by
 * α with the MASI and Jaccard distances (docs/metrics-agreement.md, "Time, region and multi-label fields").
 */
import type { Db } from '../db/open';
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import { SYSTEM_FIELDS, type LabelPhase } from '../../shared/types/annotation';
import type {
  FieldAgreementExtras,
  FirstErrorAgreement,
  RegionAgreement,
  SetAgreement,
} from '../../shared/types/field-agreement';
import { regionsOf } from '../../shared/types/regions';
import { fieldSpec } from '../../shared/taxonomies/schema';
import { listEpisodes } from '../db/episodes';
import { studyLabels } from '../db/labels';
import {
  intervalAlpha,
  regionToleranceAgreement,
  toleranceAgreement,
  unitizingAlpha,
  type SetDistance,
  type SetRatings,
  type TimedRegion,
  type TimeMark,
  type UnitizedSegment,
} from '../stats/agreement/index';
import { markValues } from './mark-ratings';
import { parseFieldName, type FieldRatings } from './ratings';
import { decodeValue } from './values';

/** Tolerance of time agreement when none is asked for: ±1000 ms. */
export const DEFAULT_TOLERANCE_MS = 1000;

/** What the extras need besides the ratings. */
export interface ExtrasOptions {
  studyId: number;
  phase: LabelPhase;
  toleranceMs: number;
  seed?: number;
  resamples?: number;
}

/** A region's category: its label, or "(unlabelled)". */
const categoryOf = (label: string) => label.trim() || '(unlabelled)';

/** A rated cell's stored value (null: rated, no value); the cell itself is null where the rater did not rate. */
type Cell = { value: unknown } | null;

/** Each rater's cell on each item, as the ratings say who rated what. */
function cellValues(db: Db, r: FieldRatings, o: ExtrasOptions): Cell[][] {
  const { rated } = markValues(db, o.studyId, r.field, o.phase);
  return r.items.map((e, i) =>
    r.raters.map((rater, k) => (r.labels[i][k] === null ? null : { value: rated.get(e.id)?.get(rater.id) ?? null })),
  );
}

function firstError(db: Db, r: FieldRatings, o: ExtrasOptions): FirstErrorAgreement {
  const marks: TimeMark[][] = cellValues(db, r, o).map((row) =>
    row.map((c) => (c === null ? null : typeof c.value === 'number' ? c.value : 'none')),
  );
  const t = toleranceAgreement(marks, o.toleranceMs, { seed: o.seed, resamples: o.resamples });
  const units = marks.map((row) => row.filter((m): m is number => typeof m === 'number')).filter((u) => u.length >= 2);
  const alpha = intervalAlpha(units);
  return { ...t, intervalAlpha: Number.isFinite(alpha) ? alpha : null, markedItems: units.length };
}

/** A rater's regions of one call as segments of the continuum, overlapping ones of a category merged. */
function segments(regions: TimedRegion[], offset: number, rater: number): UnitizedSegment[] {
  const out: UnitizedSegment[] = [];
  const sorted = [...regions].sort((a, b) => a.category.localeCompare(b.category) || a.startMs - b.startMs);
  for (const x of sorted) {
    const last = out[out.length - 1];
    const begin = offset + x.startMs;
    if (last && last.category === x.category && begin <= last.begin + last.length) {
      last.length = Math.max(last.length, offset + x.endMs - last.begin);
    } else out.push({ begin, length: x.endMs - x.startMs, rater, category: x.category });
  }
  return out;
}

function regions(db: Db, r: FieldRatings, o: ExtrasOptions): RegionAgreement {
  const items = cellValues(db, r, o).map((row) =>
    row.map((c): TimedRegion[] | null =>
      c === null
        ? null
        : regionsOf(c.value).map((x) => ({ startMs: x.startMs, endMs: x.endMs, category: categoryOf(x.label) })),
    ),
  );
  const matching = regionToleranceAgreement(items, o.toleranceMs);
  const duration = new Map(listEpisodes(db, o.studyId).map((e) => [e.id, e.durationMs ?? 0]));
  const units: UnitizedSegment[] = [];
  let length = 0;
  let calls = 0;
  items.forEach((row, i) => {
    if (row.some((x) => x === null)) return;
    const all = row as TimedRegion[][];
    const end = Math.max(duration.get(r.items[i].id) ?? 0, ...all.flat().map((x) => x.endMs));
    all.forEach((list, k) => units.push(...segments(list, length, k)));
    length += end;
    calls++;
  });
  const categories = matching.map((m) => m.category);
  const u = length > 0 ? unitizingAlpha({ begin: 0, length, raters: r.raters.length, units }, categories) : null;
  return {
    toleranceMs: o.toleranceMs,
    calls,
    continuumMs: length,
    alpha: u?.alpha ?? null,
    categories: matching.map((m, j) => {
      const c = u?.categories[j];
      return {
        category: m.category,
        units: c?.units ?? 0,
        observed: c?.observed ?? 0,
        expected: c?.expected ?? 0,
        alpha: c?.alpha ?? null,
        regions: m.regions,
        matched: m.matched,
        matchAgreement: m.agreement,
        bothAbsent: m.bothAbsent,
        oneAbsent: m.oneAbsent,
        medianOnsetDifferenceMs: m.medianOnsetDifferenceMs,
      };
    }),
  };
}

/** Whether the field is a multi-label one (its values are label sets). */
function isSetField(r: FieldRatings): boolean {
  const { base, option } = parseFieldName(r.field);
  return option === null && fieldSpec(r.taxonomy, base)?.kind === 'multi';
}

/**
 * The label sets of a multi-label field, item by item and rater by rater (null where the rater gave none), or null
 * when the field is not a multi-label one. Their intervals are drawn on the agreement worker (setAlphaIntervals).
 */
export function labelSetsOf(db: Db, r: FieldRatings, o: Pick<ExtrasOptions, 'studyId' | 'phase'>): SetRatings | null {
  if (r.field === SYSTEM_FIELDS.firstErrorMs || r.field === SYSTEM_FIELDS.regions || !isSetField(r)) return null;
  const byCell = new Map<string, string[]>();
  for (const l of studyLabels(db, o.studyId, o.phase, [r.field])) {
    const v = decodeValue(l.valueJson);
    if (Array.isArray(v)) byCell.set(`${l.episodeId}:${l.annotatorId}`, v);
  }
  return r.items.map((e) => r.raters.map((rater) => byCell.get(`${e.id}:${rater.id}`) ?? null));
}

/** The label-set agreement of `units` from the MASI and Jaccard α intervals drawn for them. */
export function setAgreement(units: SetRatings, intervals: Record<SetDistance, BootstrapInterval>): SetAgreement {
  return {
    pairableItems: units.filter((u) => u.filter((x) => x !== null).length >= 2).length,
    masiAlpha: intervals.masi,
    jaccardAlpha: intervals.jaccard,
  };
}

/**
 * The extras of the field, or null when it is a plain categorical field; `sets` is the label-set agreement of a
 * multi-label field (labelSetsOf, then setAgreement on the worker's intervals), null for any other.
 */
export function fieldExtras(
  db: Db,
  r: FieldRatings,
  o: ExtrasOptions,
  sets: SetAgreement | null,
): FieldAgreementExtras | null {
  if (r.field === SYSTEM_FIELDS.firstErrorMs) return { firstError: firstError(db, r, o), regions: null, sets: null };
  if (r.field === SYSTEM_FIELDS.regions) return { firstError: null, regions: regions(db, r, o), sets: null };
  return sets ? { firstError: null, regions: null, sets } : null;
}

/** Human-label views (failure source / subtype per system) and the judge's error-category deviation heatmap. */
import type { Db } from '../db/open';
import { categoryDeviation, failureDistribution, groupBy, type FailureLabel } from '../stats/benchmarks/index';
import { BUILTIN_TAXONOMIES } from '../../shared/taxonomies/index';
import { VERA_ERROR_CATEGORIES } from '../../shared/taxonomies/vera';
import type { CategoryHeatmap, FailureView, LabelSection, MetricsFamily } from '../../shared/types/metrics';
import { annotatedFields, loadLabels, type MetricsEpisode, type StoredLabel } from './load';

/** Annotation fields read as the failure source, first present wins. */
export const SOURCE_FIELDS = ['error_source', 'source'] as const;
/** Annotation fields read as the failure subtype, first present wins. */
export const SUBTYPE_FIELDS = ['error_subtype', 'subtype', 'type'] as const;
/** The resolved label of an item whose annotators disagree and that nobody adjudicated. */
export const DISPUTED = 'disputed';

/** Judge labels that mark a failure: every built-in taxonomy's failure verdicts. */
export const FAILURE_VERDICTS: ReadonlySet<string> = new Set(Object.values(BUILTIN_TAXONOMIES).flatMap((t) => t.verdicts.filter((v) => v.failure).map((v) => v.value)));

/**
 * The resolved label of one item of one field: the adjudication when there is one; otherwise the annotators' common
 * label; `disputed` when they differ; null when nobody labelled it.
 */
export function resolveLabel(labels: readonly StoredLabel[]): string | null {
  const decision = labels.find((l) => l.annotator === null);
  if (decision) return decision.value;
  const values = [...new Set(labels.map((l) => l.value).filter((v): v is string => v !== null))];
  return values.length === 0 ? null : values.length === 1 ? values[0] : DISPUTED;
}

/** Failure distributions: the resolved view, then one view per annotator (by name). */
function failureViews(labels: readonly StoredLabel[], systemOf: Map<number, string>, sourceField: string | null, subtypeField: string | null): { views: FailureView[]; disputed: number } {
  const byEpisode = new Map<number, StoredLabel[]>();
  for (const l of labels) byEpisode.set(l.episodeId, [...(byEpisode.get(l.episodeId) ?? []), l]);
  const pick = (rows: readonly StoredLabel[], field: string | null) => (field === null ? [] : rows.filter((l) => l.field === field));
  const resolved: FailureLabel[] = [];
  let disputed = 0;
  for (const [episodeId, rows] of byEpisode) {
    const source = resolveLabel(pick(rows, sourceField));
    const subtype = resolveLabel(pick(rows, subtypeField));
    if (source === DISPUTED || subtype === DISPUTED) disputed += 1;
    if (source !== null || subtype !== null) resolved.push({ episode: String(episodeId), system: systemOf.get(episodeId) ?? '', source, subtype });
  }
  const annotators = [...new Set(labels.map((l) => l.annotator).filter((a): a is string => a !== null))].sort();
  const views: FailureView[] = [{ view: 'resolved', rows: failureDistribution(resolved) }];
  for (const annotator of annotators) {
    const own: FailureLabel[] = [];
    for (const [episodeId, rows] of byEpisode) {
      const mine = rows.filter((l) => l.annotator === annotator);
      const source = pick(mine, sourceField)[0]?.value ?? null;
      const subtype = pick(mine, subtypeField)[0]?.value ?? null;
      if (source !== null || subtype !== null) own.push({ episode: String(episodeId), system: systemOf.get(episodeId) ?? '', source, subtype });
    }
    views.push({ view: annotator, rows: failureDistribution(own) });
  }
  return { views, disputed };
}

/**
 * One heatmap per family whose judgements list categories, over the family's episodes whose latest judgement is a
 * failure verdict or lists categories (families are never pooled: their category vocabularies differ).
 */
function categories(episodes: readonly MetricsEpisode[]): CategoryHeatmap[] {
  return [...groupBy(episodes, (e) => e.family)].flatMap(([family, rows]): CategoryHeatmap[] => {
    const population = rows.filter((e) => e.judge && (e.judge.categories.length > 0 || FAILURE_VERDICTS.has(e.judge.label)));
    const used = new Set(population.flatMap((e) => e.judge!.categories));
    if (used.size === 0) return [];
    const vera = VERA_ERROR_CATEGORIES.map((c) => c.value);
    const order = [...used].every((c) => vera.includes(c)) ? vera.filter((c) => used.has(c)) : undefined;
    const labels = population.map((e) => ({ episode: String(e.id), system: e.system, categories: e.judge!.categories }));
    return [{ ...categoryDeviation(labels, order), family: family as MetricsFamily, population: population.length }];
  });
}

/** The human-label section of a study. */
export function labelSection(db: Db, studyId: number, episodes: readonly MetricsEpisode[]): LabelSection {
  const fields = annotatedFields(db, studyId);
  const sourceField: string | null = SOURCE_FIELDS.find((f) => fields.includes(f)) ?? null;
  const subtypeField: string | null = SUBTYPE_FIELDS.find((f) => fields.includes(f)) ?? null;
  const wanted = [sourceField, subtypeField].filter((f): f is string => f !== null);
  const systemOf = new Map(episodes.map((e) => [e.id, e.system]));
  const { views, disputed } = wanted.length ? failureViews(loadLabels(db, studyId, wanted), systemOf, sourceField, subtypeField) : { views: [], disputed: 0 };
  return { sourceField, subtypeField, disputed, failures: views, categories: categories(episodes) };
}

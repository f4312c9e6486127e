/** Adjudication: the disputed items of a field, final labels (incl. `unresolved`) with rationale, and resolution counts. */
import type { Db } from '../db/open';
import { UNRESOLVED, VERDICT_FIELD, type AdjudicationItem, type ResolutionCount } from '../../shared/types/annotation';
import { fieldSpec } from '../../shared/taxonomies/schema';
import { ApiError } from '../api/errors';
import { requireAdjudicator, requireEpisode } from './lookups';
import { getSettings } from './settings';
import { fieldRatings, labelledFields, parseFieldName } from './ratings';

interface DecisionRow {
  episode_id: number;
  value: string | null;
  rationale: string;
}

function decisions(db: Db, studyId: number, field: string): Map<number, DecisionRow> {
  const rows = db
    .prepare(
      `SELECT d.episode_id, d.value, d.rationale FROM adjudications d JOIN episodes e ON e.id = d.episode_id
       WHERE e.study_id = ? AND d.field = ?`,
    )
    .all(studyId, field) as DecisionRow[];
  return new Map(rows.map((r) => [r.episode_id, r]));
}

/**
 * Every item of the field labelled by at least two annotators: decided when an adjudication exists, otherwise
 * unanimous (all labels equal) or disputed. Its final label is the decision, or the common label of a unanimous item
 * when the study accepts unanimity automatically.
 */
export function adjudicationItems(db: Db, studyId: number, field: string): AdjudicationItem[] {
  const { autoAcceptUnanimous } = getSettings(db, studyId);
  const ratings = fieldRatings(db, studyId, field);
  const decided = decisions(db, studyId, field);
  const out: AdjudicationItem[] = [];
  ratings.items.forEach((episode, i) => {
    const labels = ratings.raters.map((r, k) => ({ annotator: r.name, value: ratings.labels[i][k] })).filter((l) => l.value !== null);
    if (labels.length < 2) return;
    const unanimous = labels.every((l) => l.value === labels[0].value);
    const decision = decided.get(episode.id);
    out.push({
      episodeId: episode.id,
      externalId: episode.externalId,
      system: episode.system,
      labels,
      judgeLabel: ratings.judge[i],
      status: decision ? 'decided' : unanimous ? 'unanimous' : 'disputed',
      final: decision ? decision.value : unanimous && autoAcceptUnanimous ? labels[0].value : null,
      rationale: decision?.rationale ?? '',
    });
  });
  return out;
}

/** Resolution counts of one field: "field resolved for `resolved` of `items`". */
export function resolutionCount(field: string, items: readonly AdjudicationItem[]): ResolutionCount {
  const count = (p: (i: AdjudicationItem) => boolean) => items.filter(p).length;
  return {
    field,
    items: items.length,
    unanimous: count((i) => i.status === 'unanimous'),
    disputed: count((i) => i.status === 'disputed'),
    decided: count((i) => i.status === 'decided'),
    unresolved: count((i) => i.final === UNRESOLVED),
    resolved: count((i) => i.final !== null && i.final !== UNRESOLVED),
  };
}

/** The adjudication queue of a field for an adjudicator: disputed items (and unanimous ones unless accepted automatically), or every item with `all`. */
export function adjudicationQueue(
  db: Db,
  input: { studyId: number; field: string; adjudicatorId: number; all?: boolean },
): { items: AdjudicationItem[]; counts: ResolutionCount } {
  requireAdjudicator(db, input.adjudicatorId);
  const { autoAcceptUnanimous } = getSettings(db, input.studyId);
  const items = adjudicationItems(db, input.studyId, input.field);
  const pending = (i: AdjudicationItem) => i.status === 'disputed' || (i.status === 'unanimous' && !autoAcceptUnanimous);
  return { items: input.all ? items : items.filter((i) => pending(i) || i.status === 'decided'), counts: resolutionCount(input.field, items) };
}

/** Records (or replaces) the final label of one item with its rationale; also appended to the label history. */
export function decide(
  db: Db,
  input: { episodeId: number; field: string; value: string; rationale: string; adjudicatorId: number },
  now: Date,
): AdjudicationItem {
  requireAdjudicator(db, input.adjudicatorId);
  const episode = requireEpisode(db, input.episodeId);
  const item = adjudicationItems(db, episode.studyId, input.field).find((i) => i.episodeId === input.episodeId);
  if (!item) throw new ApiError('invalid_input', `episode ${episode.externalId} has fewer than two labels for ${input.field}; nothing to adjudicate`);
  const spec = fieldSpec(getSettings(db, episode.studyId).taxonomy, parseFieldName(input.field).base);
  const allowed = new Set([UNRESOLVED, ...item.labels.map((l) => l.value!), ...(spec?.options?.map((o) => o.value) ?? [])]);
  if (item.judgeLabel) allowed.add(item.judgeLabel);
  if (spec?.kind !== 'number' && !allowed.has(input.value)) throw new ApiError('invalid_input', `"${input.value}" is not a label of ${input.field}`);
  if (input.value === UNRESOLVED && !input.rationale.trim()) throw new ApiError('invalid_input', 'say why the item stays unresolved (rationale)');
  const t = now.toISOString();
  db.transaction(() => {
    const old = db.prepare('SELECT value FROM adjudications WHERE episode_id = ? AND field = ?').get(input.episodeId, input.field) as { value: string | null } | undefined;
    db.prepare(
      `INSERT INTO adjudications (episode_id, field, value, rationale, adjudicator_id, decided_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (episode_id, field) DO UPDATE SET value = excluded.value, rationale = excluded.rationale,
         adjudicator_id = excluded.adjudicator_id, decided_at = excluded.decided_at`,
    ).run(input.episodeId, input.field, input.value, input.rationale.trim(), input.adjudicatorId, t);
    db.prepare(
      `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at) VALUES (?, ?, ?, 'adjudication', ?, ?, 'adjudicate', ?)`,
    ).run(input.episodeId, input.adjudicatorId, input.field, old ? JSON.stringify(old.value) : null, JSON.stringify(input.value), t);
  }).immediate();
  return adjudicationItems(db, episode.studyId, input.field).find((i) => i.episodeId === input.episodeId)!;
}

/** Resolution counts of every labelled taxonomy field (and the derived verdict) with items labelled twice; text and unknown fields excluded. */
export function resolutionSummary(db: Db, studyId: number): ResolutionCount[] {
  const { taxonomy } = getSettings(db, studyId);
  return labelledFields(db, studyId)
    .filter((f) => f === VERDICT_FIELD || (fieldSpec(taxonomy, f)?.kind ?? 'text') !== 'text')
    .map((f) => resolutionCount(f, adjudicationItems(db, studyId, f)))
    .filter((c) => c.items > 0);
}

/** The final (adjudicated or unanimously accepted) label of each item of a field, `unresolved` and undecided items left out. */
export function finalLabels(db: Db, studyId: number, field: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const i of adjudicationItems(db, studyId, field)) if (i.final !== null && i.final !== UNRESOLVED) out.set(i.episodeId, i.final);
  return out;
}

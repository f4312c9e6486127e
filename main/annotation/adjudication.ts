/** Adjudication: the disputed items of a field, final labels (incl. `unresolved`) with rationale, resolution counts. */
import type { Db } from '../db/open';
import { UNRESOLVED, VERDICT_FIELD, type AdjudicationItem, type ResolutionCount } from '../../shared/types/annotation';
import { fieldSpec } from '../../shared/taxonomies/schema';
import { DomainError } from '../domain/errors';
import { episodeDecision, fieldDecisions, saveDecision } from '../db/adjudications';
import { appendHistory } from '../db/labels';
import { inWriteTransaction } from '../db/transaction';
import { requireAdjudicator, requireEpisode, type EpisodeRef } from './lookups';
import { getSettings } from './settings';
import { fieldRatings, labelledFields, parseFieldName, type FieldRatings } from './ratings';
import { decodeValue, encodeValue, labelString } from './values';

/** The final label of a stored decision, decoded from its JSON text; null when the decision holds no value. */
function decidedLabel(valueJson: string | null): string | null {
  return labelString(decodeValue(valueJson));
}

/**
 * Every item of the field labelled by at least two annotators (`read`: the field's final ratings by everyone, when read): decided (or unresolved) when an adjudication exists,
 * otherwise unanimous (all labels equal) or disputed. Its final label is the decision, or the common label of a
 * unanimous item when the study accepts unanimity automatically.
 */
export function adjudicationItems(db: Db, studyId: number, field: string, read?: FieldRatings): AdjudicationItem[] {
  const { autoAcceptUnanimous } = getSettings(db, studyId);
  const ratings = read ?? fieldRatings(db, studyId, field);
  const decisions = fieldDecisions(db, studyId, field);
  const out: AdjudicationItem[] = [];
  ratings.items.forEach((episode, i) => {
    const labels = ratings.raters
      .map((r, k) => ({ annotator: r.name, value: ratings.labels[i][k] }))
      .filter((l) => l.value !== null);
    if (labels.length < 2) return;
    const unanimous = labels.every((l) => l.value === labels[0].value);
    const decision = decisions.get(episode.id);
    const decided = decision ? decidedLabel(decision.valueJson) : null;
    const undecidedStatus = unanimous ? 'unanimous' : 'disputed';
    out.push({
      episodeId: episode.id,
      externalId: episode.externalId,
      system: episode.system,
      labels,
      judgeLabel: ratings.judge[i],
      status: decided === null ? undecidedStatus : decided === UNRESOLVED ? 'unresolved' : 'decided',
      final: decided ?? (unanimous && autoAcceptUnanimous ? labels[0].value : null),
      rationale: decision?.rationale ?? '',
    });
  });
  return out;
}

/** Resolution counts of one field: unanimous + decided + unresolved + open = items. */
export function resolutionCount(field: string, items: readonly AdjudicationItem[]): ResolutionCount {
  const count = (p: (i: AdjudicationItem) => boolean) => items.filter(p).length;
  return {
    field,
    items: items.length,
    unanimous: count((i) => i.status === 'unanimous'),
    decided: count((i) => i.status === 'decided'),
    unresolved: count((i) => i.status === 'unresolved'),
    open: count((i) => i.status === 'disputed'),
    resolved: count((i) => i.final !== null && i.final !== UNRESOLVED),
  };
}

/**
 * The adjudication queue of a field: disputed and adjudicated items (and unanimous ones unless accepted
 * automatically), or every item with `all`.
 */
export function adjudicationQueue(
  db: Db,
  input: { studyId: number; field: string; adjudicatorId: number; all?: boolean },
): { items: AdjudicationItem[]; counts: ResolutionCount } {
  requireAdjudicator(db, input.adjudicatorId);
  const { autoAcceptUnanimous } = getSettings(db, input.studyId);
  const items = adjudicationItems(db, input.studyId, input.field);
  const listed = (i: AdjudicationItem) => i.status !== 'unanimous' || !autoAcceptUnanimous;
  return { items: input.all ? items : items.filter(listed), counts: resolutionCount(input.field, items) };
}

/** The item of `field` on this episode; invalid_input when fewer than two annotators labelled it. */
export function requireAdjudicationItem(db: Db, episode: EpisodeRef, field: string): AdjudicationItem {
  const item = adjudicationItems(db, episode.studyId, field).find((i) => i.episodeId === episode.id);
  if (!item) {
    const why = `episode ${episode.externalId} has fewer than two labels for ${field}; nothing to adjudicate`;
    throw new DomainError('invalid_input', why);
  }
  return item;
}

/**
 * Records (or replaces) the final label of one item with its rationale, JSON-encoded like labels; also appended to the
 * label history.
 */
export function decide(
  db: Db,
  input: { episodeId: number; field: string; value: string; rationale: string; adjudicatorId: number },
  now: Date,
): AdjudicationItem {
  requireAdjudicator(db, input.adjudicatorId);
  const episode = requireEpisode(db, input.episodeId);
  const item = requireAdjudicationItem(db, episode, input.field);
  const spec = fieldSpec(getSettings(db, episode.studyId).taxonomy, parseFieldName(input.field).base);
  const options = spec?.options?.map((o) => o.value) ?? [];
  const allowed = new Set([UNRESOLVED, ...item.labels.map((l) => l.value!), ...options]);
  if (item.judgeLabel) allowed.add(item.judgeLabel);
  if (spec?.kind !== 'number' && !allowed.has(input.value)) {
    throw new DomainError('invalid_input', `"${input.value}" is not a label of ${input.field}`);
  }
  if (input.value === UNRESOLVED && !input.rationale.trim()) {
    throw new DomainError('invalid_input', 'say why the item stays unresolved (rationale)');
  }
  const decidedAt = now.toISOString();
  const valueJson = encodeValue(input.value);
  inWriteTransaction(db, () => {
    const old = episodeDecision(db, input.episodeId, input.field);
    saveDecision(db, {
      episodeId: input.episodeId,
      field: input.field,
      valueJson,
      rationale: input.rationale.trim(),
      adjudicatorId: input.adjudicatorId,
      decidedAt,
    });
    appendHistory(db, {
      episodeId: input.episodeId,
      annotatorId: input.adjudicatorId,
      field: input.field,
      phase: 'adjudication',
      oldJson: old?.valueJson ?? null,
      newJson: valueJson,
      action: 'adjudicate',
      at: decidedAt,
    });
  });
  return requireAdjudicationItem(db, episode, input.field);
}

/** The fields adjudication covers: every labelled taxonomy field and the derived verdict; text and unknown excluded. */
export function adjudicatedFields(db: Db, studyId: number): string[] {
  const { taxonomy } = getSettings(db, studyId);
  return labelledFields(db, studyId).filter(
    (f) => f === VERDICT_FIELD || (fieldSpec(taxonomy, f)?.kind ?? 'text') !== 'text',
  );
}

/** Resolution counts of every field adjudication covers that has items labelled twice. */
export function resolutionSummary(db: Db, studyId: number): ResolutionCount[] {
  return adjudicatedFields(db, studyId)
    .map((f) => resolutionCount(f, adjudicationItems(db, studyId, f)))
    .filter((c) => c.items > 0);
}

/**
 * The final (adjudicated or unanimously accepted) label of each item of a field, `unresolved` and undecided items left
 * out.
 */
export function finalLabels(db: Db, studyId: number, field: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const i of adjudicationItems(db, studyId, field)) {
    if (i.final !== null && i.final !== UNRESOLVED) out.set(i.episodeId, i.final);
  }
  return out;
}

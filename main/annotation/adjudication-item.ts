/** The item under decision as an adjudicator sees it: each annotator's label, notes, marks, and the judge. */
import type { Db } from '../db/open';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';
import type { AdjudicationItemDetail, AnnotatorEvidence } from '../../shared/types/adjudication';
import { regionsOf } from '../../shared/types/regions';
import { listJudgements } from '../db/episodes';
import { episodeFinalLabelsByName } from '../db/labels';
import { requireAdjudicator, requireEpisode } from './lookups';
import { listAnnotators } from './annotators';
import { requireAdjudicationItem } from './adjudication';
import { decodeValue } from './values';

const EVIDENCE_FIELDS = [SYSTEM_FIELDS.notes, SYSTEM_FIELDS.firstErrorMs, SYSTEM_FIELDS.regions] as const;

type Marks = Pick<AnnotatorEvidence, 'notes' | 'firstErrorMs' | 'regions'>;

/** Each annotator's final notes, first-error time and regions on one episode, by annotator name. */
function evidenceByAnnotator(db: Db, episodeId: number): Map<string, Marks> {
  const rows = episodeFinalLabelsByName(db, episodeId, EVIDENCE_FIELDS);
  const out = new Map<string, Marks>();
  for (const r of rows) {
    const entry = out.get(r.annotator) ?? { notes: '', firstErrorMs: null, regions: [] };
    const value = decodeValue(r.valueJson);
    if (r.field === SYSTEM_FIELDS.notes && typeof value === 'string') entry.notes = value;
    if (r.field === SYSTEM_FIELDS.firstErrorMs && typeof value === 'number') entry.firstErrorMs = value;
    if (r.field === SYSTEM_FIELDS.regions) entry.regions = regionsOf(value);
    out.set(r.annotator, entry);
  }
  return out;
}

/** Everything the adjudicator weighs for one item of one field; only adjudicators may ask. */
export function adjudicationItemDetail(
  db: Db,
  input: { episodeId: number; field: string; adjudicatorId: number },
): AdjudicationItemDetail {
  requireAdjudicator(db, input.adjudicatorId);
  const episode = requireEpisode(db, input.episodeId);
  const item = requireAdjudicationItem(db, episode, input.field);
  const evidence = evidenceByAnnotator(db, episode.id);
  const initials = new Map(listAnnotators(db).map((a) => [a.name, a.initials]));
  const annotators = item.labels.map((l) => ({
    annotator: l.annotator,
    initials: initials.get(l.annotator) ?? '',
    value: l.value,
    ...(evidence.get(l.annotator) ?? { notes: '', firstErrorMs: null, regions: [] }),
  }));
  const newest = listJudgements(db, episode.id).at(-1);
  if (!newest) return { item, annotators, judge: null };
  const { judgeId, label, rationale, findings } = newest;
  return { item, annotators, judge: { judgeId, label, rationale, findings } };
}

/**
 * The `adjudications` table: one final label per episode and field, with its rationale. Values are stored as JSON
 * text, the encoding of labels (main/annotation/values.ts encodes and decodes them); this module only moves the text.
 */
import type { Db } from './open';

/** One stored decision; `valueJson` is the value's JSON text as stored (SQL NULL when cleared). */
export interface StoredDecision {
  episodeId: number;
  field: string;
  valueJson: string | null;
  rationale: string;
  adjudicatorId: number | null;
  decidedAt: string;
}

interface DecisionDbRow {
  episode_id: number;
  field: string;
  value: string | null;
  rationale: string;
  adjudicator_id: number | null;
  decided_at: string;
}

const COLUMNS = 'd.episode_id, d.field, d.value, d.rationale, d.adjudicator_id, d.decided_at';
const OF_STUDY = 'FROM adjudications d JOIN episodes e ON e.id = d.episode_id WHERE e.study_id = ?';

function toDecision(r: DecisionDbRow): StoredDecision {
  return {
    episodeId: r.episode_id,
    field: r.field,
    valueJson: r.value,
    rationale: r.rationale,
    adjudicatorId: r.adjudicator_id,
    decidedAt: r.decided_at,
  };
}

/** The decisions of one field in a study, by episode id. */
export function fieldDecisions(db: Db, studyId: number, field: string): Map<number, StoredDecision> {
  const rows = db
    .prepare(`SELECT ${COLUMNS} ${OF_STUDY} AND d.field = ?`)
    .all(studyId, field) as DecisionDbRow[];
  return new Map(rows.map((r) => [r.episode_id, toDecision(r)]));
}

/** The decisions of the given fields in a study, in no particular order. */
export function studyDecisions(db: Db, studyId: number, fields: readonly string[]): StoredDecision[] {
  if (fields.length === 0) return [];
  const marks = fields.map(() => '?').join(', ');
  const rows = db
    .prepare(`SELECT ${COLUMNS} ${OF_STUDY} AND d.field IN (${marks})`)
    .all(studyId, ...fields) as DecisionDbRow[];
  return rows.map(toDecision);
}

/** The decision on one episode's field, or undefined when there is none. */
export function episodeDecision(db: Db, episodeId: number, field: string): StoredDecision | undefined {
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM adjudications d WHERE d.episode_id = ? AND d.field = ?`)
    .get(episodeId, field) as DecisionDbRow | undefined;
  return row && toDecision(row);
}

/** Records the decision on an episode's field, replacing an earlier one. */
export function saveDecision(db: Db, decision: StoredDecision): void {
  db.prepare(
    `INSERT INTO adjudications (episode_id, field, value, rationale, adjudicator_id, decided_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (episode_id, field) DO UPDATE SET value = excluded.value, rationale = excluded.rationale,
       adjudicator_id = excluded.adjudicator_id, decided_at = excluded.decided_at`,
  ).run(decision.episodeId, decision.field, decision.valueJson, decision.rationale, decision.adjudicatorId,
    decision.decidedAt);
}

/** How many decisions each field has in a study. */
export function decisionCountsByField(db: Db, studyId: number): { field: string; n: number }[] {
  return db
    .prepare(`SELECT d.field, COUNT(*) AS n ${OF_STUDY} GROUP BY d.field`)
    .all(studyId) as { field: string; n: number }[];
}

/**
 * The annotations table (each annotator's value of each field of an episode, per phase) and its append-only
 * label_history. Values are JSON text, the encoding of labels (main/annotation/values.ts encodes and decodes them);
 * this module only moves the text. `appendHistory` is the one writer of label_history.
 */
import type { Db } from './open';
import { cachedStatement } from './statement-cache';

/** Where one label lives: an annotator's field of an episode, in one phase. */
export interface LabelKey {
  episodeId: number;
  annotatorId: number;
  field: string;
  phase: string;
}

/** A change of a label as the history records it (values as JSON text; null when cleared). */
export interface LabelChange {
  oldJson: string | null;
  newJson: string | null;
  action: string;
  at: string;
  /** The history entry this change reverts (undo only). */
  undoes?: number | null;
}

/** One history entry to append: where, and what changed. */
export type HistoryAppend = Omit<LabelKey, 'annotatorId'> & { annotatorId: number | null } & LabelChange;

/** One stored history entry. */
export interface StoredHistoryEntry {
  id: number;
  annotatorId: number | null;
  field: string;
  phase: string;
  oldJson: string | null;
  newJson: string | null;
  action: string;
  at: string;
  undoes: number | null;
}

interface HistoryDbRow {
  id: number;
  annotator_id: number | null;
  field: string;
  phase: string;
  old_value: string | null;
  new_value: string | null;
  action: string;
  at: string;
  undoes: number | null;
}

/** The stored value (JSON text) of one label; null when it was never set or is cleared. */
export function storedLabelJson(db: Db, key: LabelKey): string | null {
  const row = db
    .prepare('SELECT value FROM annotations WHERE episode_id = ? AND annotator_id = ? AND field = ? AND phase = ?')
    .get(key.episodeId, key.annotatorId, key.field, key.phase) as { value: string | null } | undefined;
  return row?.value ?? null;
}

/** Appends one entry to the label history; returns its id. */
export function appendHistory(db: Db, e: HistoryAppend): number {
  const res = db
    .prepare(
      `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at, undoes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(e.episodeId, e.annotatorId, e.field, e.phase, e.oldJson, e.newJson, e.action, e.at, e.undoes ?? null);
  return Number(res.lastInsertRowid);
}

/** Stores the label's new value and appends the change to the history; returns the history id. */
export function saveLabel(db: Db, key: LabelKey, change: LabelChange): number {
  db.prepare(
    `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (episode_id, annotator_id, field, phase)
     DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key.episodeId, key.annotatorId, key.field, key.phase, change.newJson, change.at);
  return appendHistory(db, { ...key, ...change });
}

/** Id of the newest history entry of this annotator on this episode; 0 when there is none. */
export function latestRevision(db: Db, episodeId: number, annotatorId: number): number {
  const row = db
    .prepare('SELECT MAX(id) AS id FROM label_history WHERE episode_id = ? AND annotator_id = ?')
    .get(episodeId, annotatorId) as { id: number | null };
  return row.id ?? 0;
}

/** This annotator's history entries on this episode, newest first. */
export function historyNewestFirst(db: Db, episodeId: number, annotatorId: number): StoredHistoryEntry[] {
  const rows = db
    .prepare('SELECT * FROM label_history WHERE episode_id = ? AND annotator_id = ? ORDER BY id DESC')
    .all(episodeId, annotatorId) as HistoryDbRow[];
  return rows.map((r) => ({
    id: r.id,
    annotatorId: r.annotator_id,
    field: r.field,
    phase: r.phase,
    oldJson: r.old_value,
    newJson: r.new_value,
    action: r.action,
    at: r.at,
    undoes: r.undoes,
  }));
}

/** The annotator's set (not cleared) labels of one episode in one phase, by field name order. */
export function annotatorPhaseLabels(
  db: Db,
  episodeId: number,
  annotatorId: number,
  phase: string,
): { field: string; valueJson: string }[] {
  const rows = db
    .prepare(
      `SELECT field, value FROM annotations
       WHERE episode_id = ? AND annotator_id = ? AND phase = ? AND value IS NOT NULL ORDER BY field`,
    )
    .all(episodeId, annotatorId, phase) as { field: string; value: string }[];
  return rows.map((r) => ({ field: r.field, valueJson: r.value }));
}

/** The other annotators with final-phase labels (set or cleared) on the episode, by annotator id. */
export function otherFinalAnnotators(db: Db, episodeId: number, annotatorId: number): { id: number; name: string }[] {
  return db
    .prepare(
      `SELECT DISTINCT a.annotator_id AS id, n.name FROM annotations a JOIN annotators n ON n.id = a.annotator_id
       WHERE a.episode_id = ? AND a.annotator_id != ? AND a.phase = 'final' ORDER BY a.annotator_id`,
    )
    .all(episodeId, annotatorId) as { id: number; name: string }[];
}

/** Every annotator with labels (set or cleared, in any phase) on the episode, by annotator id. */
export function episodeLabellers(db: Db, episodeId: number): { id: number; name: string }[] {
  return db
    .prepare(
      `SELECT DISTINCT a.annotator_id AS id, n.name FROM annotations a JOIN annotators n ON n.id = a.annotator_id
       WHERE a.episode_id = ? ORDER BY a.annotator_id`,
    )
    .all(episodeId) as { id: number; name: string }[];
}

/** Every annotator's set final-phase labels of the given fields on one episode, with annotator names. */
export function episodeFinalLabelsByName(
  db: Db,
  episodeId: number,
  fields: readonly string[],
): { annotator: string; field: string; valueJson: string }[] {
  if (fields.length === 0) return [];
  const marks = fields.map(() => '?').join(', ');
  const rows = db
    .prepare(
      `SELECT n.name, a.field, a.value FROM annotations a JOIN annotators n ON n.id = a.annotator_id
       WHERE a.episode_id = ? AND a.phase = 'final' AND a.value IS NOT NULL AND a.field IN (${marks})`,
    )
    .all(episodeId, ...fields) as { name: string; field: string; value: string }[];
  return rows.map((r) => ({ annotator: r.name, field: r.field, valueJson: r.value }));
}

/** One set label of a study, as study-wide reads return it. */
export interface StudyLabel {
  episodeId: number;
  annotatorId: number;
  field: string;
  valueJson: string;
}

/** The study's set labels in one phase (only of `fields` when given), by annotator id. */
export function studyLabels(db: Db, studyId: number, phase: string, fields?: readonly string[]): StudyLabel[] {
  const marks = fields?.map(() => '?').join(', ');
  const rows = db
    .prepare(
      `SELECT a.episode_id, a.annotator_id, a.field, a.value FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.phase = ? AND a.value IS NOT NULL${fields ? ` AND a.field IN (${marks})` : ''}
       ORDER BY a.annotator_id`,
    )
    .all(studyId, phase, ...(fields ?? [])) as {
    episode_id: number;
    annotator_id: number;
    field: string;
    value: string;
  }[];
  return rows.map((r) => ({
    episodeId: r.episode_id,
    annotatorId: r.annotator_id,
    field: r.field,
    valueJson: r.value,
  }));
}

/** Every field with at least one set label (any phase) in the study, sorted. */
export function labelledFieldNames(db: Db, studyId: number): string[] {
  const rows = db
    .prepare(
      `SELECT DISTINCT a.field FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.value IS NOT NULL ORDER BY a.field`,
    )
    .all(studyId) as { field: string }[];
  return rows.map((r) => r.field);
}

/** One set label of an annotator, keyed by the episode's external id, as an exchange bundle carries it. */
export interface ExportedLabel {
  externalId: string;
  field: string;
  phase: 'pre_reveal' | 'final';
  valueJson: string;
  updatedAt: string;
}

/** The annotator's set labels in a study (every phase), by episode, field and phase. */
export function annotatorStudyLabels(db: Db, studyId: number, annotatorId: number): ExportedLabel[] {
  const rows = db
    .prepare(
      `SELECT e.external_id, a.field, a.phase, a.value, a.updated_at
       FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.annotator_id = ? AND a.value IS NOT NULL ORDER BY e.id, a.field, a.phase`,
    )
    .all(studyId, annotatorId) as {
    external_id: string;
    field: string;
    phase: ExportedLabel['phase'];
    value: string;
    updated_at: string;
  }[];
  return rows.map((r) => ({
    externalId: r.external_id,
    field: r.field,
    phase: r.phase,
    valueJson: r.value,
    updatedAt: r.updated_at,
  }));
}

/**
 * Stores a final-phase label that arrived with imported data on a new episode, and its `import` history entry (old value
 * none); the statements are prepared once per connection, as an import stores many.
 */
export function insertImportedLabel(db: Db, key: Omit<LabelKey, 'phase'>, valueJson: string, at: string): void {
  cachedStatement(
    db,
    `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, 'final', ?, ?)`,
  ).run(key.episodeId, key.annotatorId, key.field, valueJson, at);
  cachedStatement(
    db,
    `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at)
     VALUES (?, ?, ?, 'final', NULL, ?, 'import', ?)`,
  ).run(key.episodeId, key.annotatorId, key.field, valueJson, at);
}

/**
 * The episodes on which the annotator holds a set label (any phase): of the study, or only among `episodeIds` when
 * given (at most 1000), in no particular order.
 */
export function episodesLabelledBy(
  db: Db,
  annotatorId: number,
  scope: { studyId: number } | { episodeIds: readonly number[] },
): number[] {
  const sql =
    'studyId' in scope
      ? `SELECT DISTINCT a.episode_id FROM annotations a JOIN episodes e ON e.id = a.episode_id
         WHERE e.study_id = ? AND a.annotator_id = ? AND a.value IS NOT NULL`
      : `SELECT DISTINCT a.episode_id FROM annotations a
         WHERE a.episode_id IN (SELECT value FROM json_each(?)) AND a.annotator_id = ? AND a.value IS NOT NULL`;
  const first = 'studyId' in scope ? scope.studyId : JSON.stringify(scope.episodeIds);
  return db.prepare(sql).pluck().all(first, annotatorId) as number[];
}

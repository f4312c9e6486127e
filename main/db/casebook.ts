/**
 * The `casebook_cases` table: a study's exemplary calls, moments and regions with their category and note. A case's
 * study is its episode's; reads join `episodes` (study scope, external id) and `annotators` (who added it) read-only.
 */
import type { Db } from './open';

/** A case to store: the episode, the category, the moment or region (nulls for the whole call), note and author. */
export interface NewCase {
  episodeId: number;
  category: string;
  startMs: number | null;
  endMs: number | null;
  note: string;
  addedBy: number;
  addedAt: string;
}

/** A stored case with its study, the episode's external id and the author's name and initials. */
export interface StoredCase extends NewCase {
  id: number;
  studyId: number;
  externalId: string;
  addedByName: string;
  addedByInitials: string;
}

interface CaseDbRow {
  id: number;
  episode_id: number;
  study_id: number;
  external_id: string;
  category: string;
  start_ms: number | null;
  end_ms: number | null;
  note: string;
  added_by: number;
  added_at: string;
  name: string;
  initials: string;
}

const SELECT = `SELECT c.id, c.episode_id, e.study_id, e.external_id, c.category, c.start_ms, c.end_ms, c.note,
    c.added_by, c.added_at, n.name, n.initials
  FROM casebook_cases c JOIN episodes e ON e.id = c.episode_id JOIN annotators n ON n.id = c.added_by`;

const toCase = (r: CaseDbRow): StoredCase => ({
  id: r.id,
  episodeId: r.episode_id,
  studyId: r.study_id,
  externalId: r.external_id,
  category: r.category,
  startMs: r.start_ms,
  endMs: r.end_ms,
  note: r.note,
  addedBy: r.added_by,
  addedAt: r.added_at,
  addedByName: r.name,
  addedByInitials: r.initials,
});

/** Stores a case; returns its id. */
export function insertCase(db: Db, c: NewCase): number {
  const r = db
    .prepare(
      `INSERT INTO casebook_cases (episode_id, category, start_ms, end_ms, note, added_by, added_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(c.episodeId, c.category, c.startMs, c.endMs, c.note, c.addedBy, c.addedAt);
  return Number(r.lastInsertRowid);
}

/** Deletes a case; false when there was none with this id. */
export function deleteCase(db: Db, caseId: number): boolean {
  return db.prepare('DELETE FROM casebook_cases WHERE id = ?').run(caseId).changes > 0;
}

/** The case with this id, or null. */
export function caseById(db: Db, caseId: number): StoredCase | null {
  const r = db.prepare(`${SELECT} WHERE c.id = ?`).get(caseId) as CaseDbRow | undefined;
  return r ? toCase(r) : null;
}

/** Every case of a study (optionally only one author's), by category, newest first within a category. */
export function studyCases(db: Db, studyId: number, addedBy?: number): StoredCase[] {
  const own = addedBy === undefined ? '' : ' AND c.added_by = ?';
  const args = addedBy === undefined ? [studyId] : [studyId, addedBy];
  const rows = db
    .prepare(`${SELECT} WHERE e.study_id = ?${own} ORDER BY c.category, c.added_at DESC, c.id DESC`)
    .all(...args) as CaseDbRow[];
  return rows.map(toCase);
}

/**
 * Queries over studies. The hidden study of an import in progress (imports.ts) is left out of every lookup here: its
 * episodes appear only when the import completes.
 */
import type { Db } from './open';
import { PENDING_IMPORT_STUDIES } from './imports';
import type { Benchmark, StudySummary } from '../../shared/domain';

interface StudyRow {
  id: number;
  name: string;
  benchmark: Benchmark;
  description: string;
  blind: number;
  created_at: string;
  episode_count: number;
}

const VISIBLE = `s.id NOT IN (${PENDING_IMPORT_STUDIES})`;

const SUMMARY_SELECT = `SELECT s.*, (SELECT COUNT(*) FROM episodes e WHERE e.study_id = s.id) AS episode_count
  FROM studies s WHERE ${VISIBLE}`;

const toSummary = (r: StudyRow): StudySummary => ({
  id: r.id,
  name: r.name,
  benchmark: r.benchmark,
  description: r.description,
  blind: r.blind === 1,
  createdAt: r.created_at,
  episodeCount: r.episode_count,
});

/** Every study with its episode count, oldest first. */
export function listStudies(db: Db): StudySummary[] {
  return (db.prepare(`${SUMMARY_SELECT} ORDER BY s.id`).all() as StudyRow[]).map(toSummary);
}

function studySummary(db: Db, studyId: number): StudySummary | null {
  const row = db.prepare(`${SUMMARY_SELECT} AND s.id = ?`).get(studyId) as StudyRow | undefined;
  return row ? toSummary(row) : null;
}

/** Finds a study by numeric id or, failing that, by exact name; null when none matches. */
export function findStudy(db: Db, idOrName: string | number): StudySummary | null {
  const asId = typeof idOrName === 'number' ? idOrName : /^\d+$/.test(idOrName) ? Number(idOrName) : null;
  const byId = asId === null ? null : studySummary(db, asId);
  if (byId) return byId;
  const named = studyIdByName(db, String(idOrName));
  return named === null ? null : studySummary(db, named);
}

/** Returns the id of the study called `name`, creating it when missing. */
export function ensureStudy(db: Db, study: NewStudy, now: Date): number {
  return studyIdByName(db, study.name) ?? insertStudy(db, study, now);
}

/** A new study's name, benchmark, description and info. */
export interface NewStudy {
  name: string;
  benchmark: Benchmark;
  description?: string;
  info?: Record<string, unknown>;
}

/** Stores a new study; returns its id. */
export function insertStudy(db: Db, study: NewStudy, now: Date): number {
  const res = db
    .prepare('INSERT INTO studies (name, benchmark, description, info, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(study.name, study.benchmark, study.description ?? '', JSON.stringify(study.info ?? {}), now.toISOString());
  return Number(res.lastInsertRowid);
}

/** Gives a study another name (an import's hidden study takes its final name when the import completes). */
export function renameStudy(db: Db, studyId: number, name: string): void {
  db.prepare('UPDATE studies SET name = ? WHERE id = ?').run(name, studyId);
}

/** Replaces a study's info object (an import's hidden study takes what its reader learnt by the end). */
export function writeStudyInfo(db: Db, studyId: number, info: Record<string, unknown>): void {
  db.prepare('UPDATE studies SET info = ? WHERE id = ?').run(JSON.stringify(info), studyId);
}

/** Deletes a study and, by cascade, everything of it (used for an import's hidden study once it is emptied). */
export function deleteStudy(db: Db, studyId: number): void {
  db.prepare('DELETE FROM studies WHERE id = ?').run(studyId);
}

/** The study's info object as the importer stored it (release metadata, archive files); {} when it has none. */
export function studyInfo(db: Db, studyId: number): Record<string, unknown> {
  const row = db.prepare('SELECT info FROM studies WHERE id = ?').get(studyId) as { info: string } | undefined;
  return row ? (JSON.parse(row.info) as Record<string, unknown>) : {};
}

/** The id of the study with exactly this name, or null. */
export function studyIdByName(db: Db, name: string): number | null {
  const row = db.prepare(`SELECT id FROM studies s WHERE name = ? AND ${VISIBLE}`).get(name) as
    { id: number } | undefined;
  return row?.id ?? null;
}

/** A study as the annotation rules read it: its name, benchmark, blind switch and own taxonomy (JSON text, or null). */
export interface StudyRef {
  id: number;
  name: string;
  benchmark: Benchmark;
  blind: boolean;
  taxonomy: string | null;
}

/** The study with this id, or null. */
export function studyRef(db: Db, studyId: number): StudyRef | null {
  const r = db
    .prepare(`SELECT id, name, benchmark, blind, taxonomy FROM studies s WHERE id = ? AND ${VISIBLE}`)
    .get(studyId) as
    { id: number; name: string; benchmark: Benchmark; blind: number; taxonomy: string | null } | undefined;
  return r ? { id: r.id, name: r.name, benchmark: r.benchmark, blind: r.blind === 1, taxonomy: r.taxonomy } : null;
}

/** Switches the study's blind mode. */
export function setStudyBlind(db: Db, studyId: number, blind: boolean): void {
  db.prepare('UPDATE studies SET blind = ? WHERE id = ?').run(blind ? 1 : 0, studyId);
}

/** Stores the study's own taxonomy (JSON text), or with null goes back to its benchmark's. */
export function writeStudyTaxonomy(db: Db, studyId: number, taxonomyJson: string | null): void {
  db.prepare('UPDATE studies SET taxonomy = ? WHERE id = ?').run(taxonomyJson, studyId);
}

/** Whether the database holds any study at all. */
export function hasStudies(db: Db): boolean {
  return db.prepare(`SELECT 1 FROM studies s WHERE ${VISIBLE} LIMIT 1`).get() !== undefined;
}

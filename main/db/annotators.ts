/** The annotators table: profiles (name, initials, role) and the lookups doors and rules need. */
import type { Db } from './open';
import type { Annotator, AnnotatorRole } from '../../shared/types/annotation';

interface AnnotatorDbRow {
  id: number;
  name: string;
  initials: string;
  role: AnnotatorRole;
  created_at: string;
}

const toAnnotator = (r: AnnotatorDbRow): Annotator => ({
  id: r.id,
  name: r.name,
  initials: r.initials,
  role: r.role,
  createdAt: r.created_at,
});

/** The annotator with this id, or null. */
export function annotatorById(db: Db, annotatorId: number): Annotator | null {
  const r = db.prepare('SELECT * FROM annotators WHERE id = ?').get(annotatorId) as AnnotatorDbRow | undefined;
  return r ? toAnnotator(r) : null;
}

/** Every annotator, oldest first. */
export function allAnnotators(db: Db): Annotator[] {
  return (db.prepare('SELECT * FROM annotators ORDER BY id').all() as AnnotatorDbRow[]).map(toAnnotator);
}

/** The id of the annotator with exactly this name, or null. */
export function annotatorIdByName(db: Db, name: string): number | null {
  const row = db.prepare('SELECT id FROM annotators WHERE name = ?').get(name) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The id of the annotator with this exact name, or with this id when `text` is all digits; null when none. */
export function annotatorIdByNameOrId(db: Db, text: string): number | null {
  const row = db
    .prepare(
      "SELECT id FROM annotators WHERE name = ? OR (? GLOB '[0-9]*' AND id = CAST(? AS INTEGER)) ORDER BY name = ? DESC",
    )
    .get(text, text, text, text) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The role of the annotator with this id, or null when there is none. */
export function annotatorRole(db: Db, annotatorId: number): string | null {
  const row = db.prepare('SELECT role FROM annotators WHERE id = ?').get(annotatorId) as { role: string } | undefined;
  return row?.role ?? null;
}

/** Stores a new annotator; returns its id. */
export function insertAnnotator(db: Db, a: Omit<Annotator, 'id'>): number {
  const res = db
    .prepare('INSERT INTO annotators (name, initials, role, created_at) VALUES (?, ?, ?, ?)')
    .run(a.name, a.initials, a.role, a.createdAt);
  return Number(res.lastInsertRowid);
}

/** Replaces an annotator's name, initials and role. */
export function updateAnnotatorProfile(db: Db, a: Pick<Annotator, 'id' | 'name' | 'initials' | 'role'>): void {
  db.prepare('UPDATE annotators SET name = ?, initials = ?, role = ? WHERE id = ?').run(
    a.name,
    a.initials,
    a.role,
    a.id,
  );
}

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

/**
 * The annotators an import made (a released study's raters), each with the studies whose imports brought their
 * labels. The importer creates them in the transaction that completes the import, so they were created at the moment
 * the import is dated, and their labels came with it (history action `import`); a later import of the same release
 * reuses them. Read-only joins: `imports` for times and studies, `episodes` and `label_history` for those labels (by
 * each study's episodes, through the history's episode index, stopping at the first label found).
 */
export function importMadeAnnotatorStudies(db: Db): Map<number, number[]> {
  const rows = db
    .prepare(
      `WITH made AS (
         SELECT DISTINCT a.id FROM annotators a JOIN imports i ON i.imported_at = a.created_at
         WHERE EXISTS (SELECT 1 FROM episodes e JOIN label_history h ON h.episode_id = e.id AND h.annotator_id = a.id
                       WHERE e.study_id = i.study_id AND h.action = 'import' AND h.at = a.created_at)
       )
       SELECT m.id AS annotatorId, s.study_id AS studyId FROM made m, (SELECT DISTINCT study_id FROM imports) s
       WHERE EXISTS (SELECT 1 FROM episodes e JOIN label_history h ON h.episode_id = e.id AND h.annotator_id = m.id
                     WHERE e.study_id = s.study_id AND h.action = 'import')
       ORDER BY m.id, s.study_id`,
    )
    .all() as { annotatorId: number; studyId: number }[];
  const studies = new Map<number, number[]>();
  for (const r of rows) studies.set(r.annotatorId, [...(studies.get(r.annotatorId) ?? []), r.studyId]);
  return studies;
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

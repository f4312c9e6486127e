/** Reads of the annotators table for doors and rules that need one fact about an annotator. */
import type { Db } from './open';

/** The id of the annotator with this exact name, or with this id when `text` is all digits; null when none. */
export function annotatorIdByNameOrId(db: Db, text: string): number | null {
  const row = db
    .prepare("SELECT id FROM annotators WHERE name = ? OR (? GLOB '[0-9]*' AND id = CAST(? AS INTEGER)) ORDER BY name = ? DESC")
    .get(text, text, text, text) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The role of the annotator with this id, or null when there is none. */
export function annotatorRole(db: Db, annotatorId: number): string | null {
  const row = db.prepare('SELECT role FROM annotators WHERE id = ?').get(annotatorId) as { role: string } | undefined;
  return row?.role ?? null;
}

/** The imports table: one row per import that changed a study, with the content hash that makes re-imports no-ops. */
import type { Db } from './open';

/** An import as recorded. */
export interface ImportRecord {
  studyId: number;
  format: string;
  source: string;
  contentHash: string;
  importedAt: string;
}

/** Whether the study already has an import with this content hash. */
export function hasImport(db: Db, studyId: number, contentHash: string): boolean {
  return (
    db.prepare('SELECT 1 FROM imports WHERE study_id = ? AND content_hash = ?').get(studyId, contentHash) !== undefined
  );
}

/** Records an import. */
export function recordImport(db: Db, r: ImportRecord): void {
  db.prepare('INSERT INTO imports (study_id, format, source, content_hash, imported_at) VALUES (?, ?, ?, ?, ?)').run(
    r.studyId,
    r.format,
    r.source,
    r.contentHash,
    r.importedAt,
  );
}

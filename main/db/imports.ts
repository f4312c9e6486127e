/**
 * The imports table: one row per import that changed a study, with the content hash that makes re-imports no-ops; and
 * one row per import still being written, on the hidden study that holds its rows until it completes. An import in
 * progress is told by its content hash, `pending:<pid>@<host>:<random>` (a finished one's is hex), and its
 * `imported_at` is the last time it wrote a chunk.
 */
import type { Db } from './open';

/** An import as recorded. */
export interface ImportRecord {
  studyId: number;
  format: string;
  source: string;
  contentHash: string;
  importedAt: string;
}

/** An import in progress: its row, the hidden study holding its rows, who writes it and when it last wrote. */
export interface PendingImport {
  id: number;
  studyId: number;
  source: string;
  /** The process writing it. */
  pid: number;
  host: string;
  heartbeatAt: string;
}

const PENDING_PREFIX = 'pending:';

/** SQL selecting the ids of the hidden studies of imports in progress (readers leave these studies out). */
export const PENDING_IMPORT_STUDIES = `SELECT study_id FROM imports WHERE content_hash GLOB '${PENDING_PREFIX}*'`;

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

/** Records an import in progress on its hidden study, written by process `pid` on `host`; returns its id. */
export function insertPendingImport(
  db: Db,
  p: { studyId: number; format: string; source: string; pid: number; host: string; token: string; at: string },
): number {
  const hash = `${PENDING_PREFIX}${p.pid}@${p.host}:${p.token}`;
  return Number(
    db
      .prepare('INSERT INTO imports (study_id, format, source, content_hash, imported_at) VALUES (?, ?, ?, ?, ?)')
      .run(p.studyId, p.format, p.source, hash, p.at).lastInsertRowid,
  );
}

/** Notes that the import in progress wrote at `at`; false when it is no longer recorded (removed as abandoned). */
export function touchPendingImport(db: Db, id: number, at: string): boolean {
  return (
    db.prepare(`UPDATE imports SET imported_at = ? WHERE id = ? AND content_hash GLOB '${PENDING_PREFIX}*'`).run(at, id)
      .changes === 1
  );
}

/** Turns the import in progress into the record of a finished import of `r.studyId`. */
export function finishPendingImport(
  db: Db,
  id: number,
  r: Pick<ImportRecord, 'studyId' | 'contentHash' | 'importedAt'>,
): void {
  db.prepare('UPDATE imports SET study_id = ?, content_hash = ?, imported_at = ? WHERE id = ?').run(
    r.studyId,
    r.contentHash,
    r.importedAt,
    id,
  );
}

/** Every import in progress. */
export function pendingImports(db: Db): PendingImport[] {
  const rows = db
    .prepare(
      `SELECT id, study_id, source, content_hash, imported_at FROM imports WHERE content_hash GLOB '${PENDING_PREFIX}*'`,
    )
    .all() as { id: number; study_id: number; source: string; content_hash: string; imported_at: string }[];
  return rows.map((r) => {
    const owner = /^pending:(\d+)@(.*):[^:]*$/.exec(r.content_hash);
    return {
      id: r.id,
      studyId: r.study_id,
      source: r.source,
      pid: owner ? Number(owner[1]) : 0,
      host: owner ? owner[2] : '',
      heartbeatAt: r.imported_at,
    };
  });
}

/** The hidden study of the import in progress with this id, or null when it is not in progress. */
export function pendingImportStudy(db: Db, id: number): number | null {
  const row = db
    .prepare(`SELECT study_id FROM imports WHERE id = ? AND content_hash GLOB '${PENDING_PREFIX}*'`)
    .pluck()
    .get(id) as number | undefined;
  return row ?? null;
}

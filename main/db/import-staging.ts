/**
 * Where an import in progress keeps its rows: a hidden study of its own, recorded by an `imports` row in progress
 * (imports.ts), which every reader leaves out; or, importing into an existing study, that study, each row marked with
 * the import's id, which hides it from every reader while the import is in progress (the `episodes` view, migration
 * 19). The import writes in many short transactions; it completes in one, by marking the import done and giving the
 * hidden study its name (or, into an existing study, deleting the empty hidden study). When it fails,
 * is cancelled, or its process dies, the hidden study is deleted in short transactions too (`discardStaging`, and at
 * every open `sweepAbandonedImports`), so that nothing of it ever shows and nothing of it stays.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from './open';
import { deleteUnlinkedAssets } from './audio';
import { deleteImportEpisodes, deleteStudyEpisodes } from './episode-writer';
import { DomainError } from '../domain/errors';
import {
  insertPendingImport,
  pendingImports,
  pendingImportStudy,
  touchPendingImport,
  type PendingImport,
} from './imports';
import { deleteStudy, insertStudy, type NewStudy } from './studies';
import { inWriteTransaction } from './transaction';

/** An import's place to write: its `imports` row in progress and the hidden study holding its rows. */
export interface Staging {
  importId: number;
  studyId: number;
}

/** Episodes deleted per transaction when a hidden study is emptied (≈10–25 ms each; cascades and the text index). */
const DELETE_BATCH = 50;

/** Pause between those transactions, so that other writers (label saves) get the lock in between. */
const DELETE_PAUSE_MS = 2;

/** An import in progress whose process is on another machine counts as abandoned after this long without writing. */
const ABANDONED_AFTER_MS = 10 * 60_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Opens the hidden study of a new import (its benchmark, description, info and creation time `now` are those of the
 * study it may become). The import's heartbeat is the wall clock, whatever clock `now` comes from.
 */
export function openStaging(
  db: Db,
  study: Omit<NewStudy, 'name'>,
  source: { format: string; path: string },
  now: Date,
): Staging {
  const token = randomUUID();
  return inWriteTransaction(db, () => {
    const studyId = insertStudy(db, { ...study, name: `import in progress ${token}` }, now);
    const importId = insertPendingImport(db, {
      studyId,
      format: source.format,
      source: source.path,
      pid: process.pid,
      host: hostname(),
      token,
      at: new Date().toISOString(),
    });
    return { importId, studyId };
  });
}

/** Notes that the import is still being written (call in each of its transactions); throws if it was removed. */
export function keepStaging(db: Db, staging: Staging): void {
  if (!touchPendingImport(db, staging.importId, new Date().toISOString())) {
    throw new DomainError('conflict', 'the import was removed as abandoned while it was written; import again');
  }
}

/**
 * Deletes an import in progress with all its rows, 50 episodes a transaction (those in an existing study first), then
 * its hidden study and the audio assets no episode links any more; does nothing when it is not in progress (already
 * completed or removed).
 */
export function discardStaging(db: Db, importId: number): void {
  for (;;) {
    const deleted = inWriteTransaction(db, () => {
      const studyId = pendingImportStudy(db, importId);
      if (studyId === null) return 0;
      // the rows it wrote into an existing study first: they stay hidden only while its imports row is in progress
      const n = deleteImportEpisodes(db, importId, DELETE_BATCH) || deleteStudyEpisodes(db, studyId, DELETE_BATCH);
      if (n === 0) {
        deleteStudy(db, studyId); // its imports row goes with it (cascade)
        deleteUnlinkedAssets(db);
      }
      return n;
    });
    if (deleted === 0) return;
    Atomics.wait(sleeper, 0, 0, DELETE_PAUSE_MS);
  }
}

/**
 * Whether an import in progress was abandoned: the process writing it, on this machine, is gone; or it has not written
 * for a long time (its process is on another machine, or its id now belongs to another process).
 */
function abandoned(p: PendingImport, now: number): boolean {
  if (now - Date.parse(p.heartbeatAt) > ABANDONED_AFTER_MS) return true;
  if (p.host !== hostname() || p.pid <= 0) return false;
  try {
    process.kill(p.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Deletes the imports in progress whose process died (killed, crashed, power lost) with everything they wrote; returns
 * how many. Their rows were never visible; this only frees the space.
 */
export function sweepAbandonedImports(db: Db): number {
  const now = Date.now();
  const gone = pendingImports(db).filter((p) => abandoned(p, now));
  for (const p of gone) discardStaging(db, p.id);
  return gone.length;
}

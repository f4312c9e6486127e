/** The append-only label history: revisions, undo (itself appended as history), and the history an annotator may read. */
import type { Db } from '../db/open';
import type { HistoryEntry } from '../../shared/types/annotation';
import { decodeValue } from './values';

interface HistoryRow {
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

/** Id of the newest history entry of this annotator on this episode; 0 when there is none. */
export function latestRevision(db: Db, episodeId: number, annotatorId: number): number {
  const row = db.prepare('SELECT MAX(id) AS id FROM label_history WHERE episode_id = ? AND annotator_id = ?').get(episodeId, annotatorId) as { id: number | null };
  return row.id ?? 0;
}

function rowsNewestFirst(db: Db, episodeId: number, annotatorId: number): HistoryRow[] {
  return db.prepare('SELECT * FROM label_history WHERE episode_id = ? AND annotator_id = ? ORDER BY id DESC').all(episodeId, annotatorId) as HistoryRow[];
}

/**
 * The change an undo would revert: the newest `set` or `clear` not yet undone, with the `cascade` entries written in
 * the same transaction right after it. Undo never reaches past a commit or an import.
 */
export function undoTarget(db: Db, episodeId: number, annotatorId: number): HistoryRow[] | null {
  const rows = rowsNewestFirst(db, episodeId, annotatorId);
  const undone = new Set(rows.filter((r) => r.action === 'undo' && r.undoes !== null).map((r) => r.undoes!));
  for (const [i, row] of rows.entries()) {
    if (row.action === 'commit' || row.action === 'import') return null;
    if ((row.action !== 'set' && row.action !== 'clear') || undone.has(row.id)) continue;
    const group = [row];
    for (let j = i - 1; j >= 0 && rows[j].action === 'cascade' && rows[j].id === group[group.length - 1].id + 1; j--) group.push(rows[j]);
    return group;
  }
  return null;
}

/** Reverts the newest undoable change (and its cascade) in one transaction; false when there is nothing to undo. */
export function undoLast(db: Db, episodeId: number, annotatorId: number, now: Date): boolean {
  return db
    .transaction((): boolean => {
      const group = undoTarget(db, episodeId, annotatorId);
      if (!group) return false;
      const t = now.toISOString();
      for (const entry of [...group].reverse()) {
        const current = db
          .prepare('SELECT value FROM annotations WHERE episode_id = ? AND annotator_id = ? AND field = ? AND phase = ?')
          .get(episodeId, annotatorId, entry.field, entry.phase) as { value: string | null } | undefined;
        db.prepare(
          `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (episode_id, annotator_id, field, phase) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        ).run(episodeId, annotatorId, entry.field, entry.phase, entry.old_value, t);
        db.prepare(
          `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at, undoes)
           VALUES (?, ?, ?, ?, ?, ?, 'undo', ?, ?)`,
        ).run(episodeId, annotatorId, entry.field, entry.phase, current?.value ?? null, entry.old_value, t, entry.id);
      }
      return true;
    })
    .immediate();
}

/** This annotator's history on this episode, newest first (never another annotator's: blind mode holds here too). */
export function listHistory(db: Db, episodeId: number, annotatorId: number): HistoryEntry[] {
  const name = (db.prepare('SELECT name FROM annotators WHERE id = ?').get(annotatorId) as { name: string } | undefined)?.name ?? null;
  return rowsNewestFirst(db, episodeId, annotatorId).map((r) => ({
    id: r.id,
    annotator: name,
    field: r.field,
    phase: r.phase,
    oldValue: decodeValue(r.old_value),
    newValue: decodeValue(r.new_value),
    action: r.action,
    at: r.at,
  }));
}

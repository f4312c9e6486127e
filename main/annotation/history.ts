/** The append-only label history: revisions, undo (itself appended as history), and the history an annotator may read. */
import type { Db } from '../db/open';
import type { HistoryEntry } from '../../shared/types/annotation';
import { annotatorById } from '../db/annotators';
import { historyNewestFirst, saveLabel, storedLabelJson, type StoredHistoryEntry } from '../db/labels';
import { inWriteTransaction } from '../db/transaction';
import { decodeValue } from './values';

/**
 * The change an undo would revert: the newest `set` or `clear` not yet undone, with the `cascade` entries written in
 * the same transaction right after it. Undo never reaches past a commit or an import.
 */
export function undoTarget(db: Db, episodeId: number, annotatorId: number): StoredHistoryEntry[] | null {
  const rows = historyNewestFirst(db, episodeId, annotatorId);
  const undone = new Set(rows.filter((r) => r.action === 'undo' && r.undoes !== null).map((r) => r.undoes!));
  for (const [i, row] of rows.entries()) {
    if (row.action === 'commit' || row.action === 'import') return null;
    if ((row.action !== 'set' && row.action !== 'clear') || undone.has(row.id)) continue;
    const group = [row];
    for (let j = i - 1; j >= 0 && rows[j].action === 'cascade' && rows[j].id === group[group.length - 1].id + 1; j--)
      group.push(rows[j]);
    return group;
  }
  return null;
}

/** Reverts the newest undoable change (and its cascade) in one transaction; false when there is nothing to undo. */
export function undoLast(db: Db, episodeId: number, annotatorId: number, now: Date): boolean {
  return inWriteTransaction(db, (): boolean => {
    const group = undoTarget(db, episodeId, annotatorId);
    if (!group) return false;
    const at = now.toISOString();
    for (const entry of [...group].reverse()) {
      const key = { episodeId, annotatorId, field: entry.field, phase: entry.phase };
      const current = storedLabelJson(db, key);
      saveLabel(db, key, { oldJson: current, newJson: entry.oldJson, action: 'undo', at, undoes: entry.id });
    }
    return true;
  });
}

/** This annotator's history on this episode, newest first (never another annotator's: blind mode holds here too). */
export function listHistory(db: Db, episodeId: number, annotatorId: number): HistoryEntry[] {
  const name = annotatorById(db, annotatorId)?.name ?? null;
  return historyNewestFirst(db, episodeId, annotatorId).map((r) => ({
    id: r.id,
    annotator: name,
    field: r.field,
    phase: r.phase,
    oldValue: decodeValue(r.oldJson),
    newValue: decodeValue(r.newJson),
    action: r.action,
    at: r.at,
  }));
}

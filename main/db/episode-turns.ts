/**
 * The one change to an existing episode's turns: replacing them all (an annotation file's turns imported onto the
 * episode), with the episode's search text rewritten from the new turns. Call inside a write transaction.
 */
import type { Db } from './open';
import type { Turn } from '../../shared/domain';

/** A turn as an annotation file gives it: who speaks, when, and what is said. */
export type SpokenTurn = Pick<Turn, 'speaker' | 'text'> & { startMs: number; endMs: number };

/** Replaces every turn of the episode with `turns` (in order, indices from 0); returns how many turns it had. */
export function replaceEpisodeTurns(db: Db, episodeId: number, turns: readonly SpokenTurn[]): number {
  const removed = db.prepare('DELETE FROM turns WHERE episode_id = ?').run(episodeId).changes;
  const insert = db.prepare(
    `INSERT INTO turns (episode_id, idx, speaker, start_ms, end_ms, text, words, tool)
     VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)`,
  );
  turns.forEach((t, idx) => insert.run(episodeId, idx, t.speaker, t.startMs, t.endMs, t.text));
  // The search text is every non-empty turn text joined by spaces, as an import writes it.
  db.prepare('DELETE FROM episode_text WHERE rowid = ?').run(episodeId);
  const text = turns
    .map((t) => t.text)
    .filter((t) => t !== '')
    .join(' ');
  db.prepare('INSERT INTO episode_text (rowid, text) VALUES (?, ?)').run(episodeId, text);
  return removed;
}

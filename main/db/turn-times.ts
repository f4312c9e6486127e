/**
 * Estimated turn times (owner of `turns.start_ms`/`end_ms` when `aligned = 1`): alignment writes them and may
 * replace them; times that came with the data are never touched (every statement checks it).
 */
import type { Db } from './open';

/** One turn's estimated times. */
export interface EstimatedTimes {
  turnId: number;
  startMs: number;
  endMs: number;
}

/** Turns whose times came with the data: neither null nor estimated. */
export function countGivenTimes(db: Db, episodeId: number): number {
  return db
    .prepare(
      `SELECT count(*) FROM turns WHERE episode_id = ? AND aligned = 0 AND (start_ms IS NOT NULL OR end_ms IS NOT NULL)
       AND tool IS NULL AND speaker IN ('user', 'agent')`,
    )
    .pluck()
    .get(episodeId) as number;
}

/** Turns of the episode with estimated times. */
export function countEstimatedTimes(db: Db, episodeId: number): number {
  return db.prepare('SELECT count(*) FROM turns WHERE episode_id = ? AND aligned = 1').pluck().get(episodeId) as number;
}

/**
 * Replaces the episode's estimated times with `times` (turns not listed lose theirs); a turn whose times came with
 * the data is left as it is. Returns how many turns now have estimated times. Call inside a write transaction.
 */
export function replaceEstimatedTimes(db: Db, episodeId: number, times: readonly EstimatedTimes[]): number {
  db.prepare('UPDATE turns SET start_ms = NULL, end_ms = NULL, aligned = 0 WHERE episode_id = ? AND aligned = 1').run(
    episodeId,
  );
  const set = db.prepare(
    `UPDATE turns SET start_ms = ?, end_ms = ?, aligned = 1
     WHERE id = ? AND episode_id = ? AND start_ms IS NULL AND end_ms IS NULL`,
  );
  let changed = 0;
  for (const t of times) changed += set.run(Math.round(t.startMs), Math.round(t.endMs), t.turnId, episodeId).changes;
  return changed;
}

/**
 * The study's episodes an import should align: with audio, spoken turns without times, none with times from the
 * data and none estimated yet. One statement (the turns are read through their (episode_id, idx) index).
 */
export function episodesToAlign(db: Db, studyId: number): number[] {
  return db
    .prepare(
      `SELECT e.id FROM episodes e WHERE e.study_id = ?
       AND EXISTS (SELECT 1 FROM episode_audio ea WHERE ea.episode_id = e.id)
       AND EXISTS (SELECT 1 FROM turns t WHERE t.episode_id = e.id AND t.start_ms IS NULL AND t.end_ms IS NULL
         AND t.tool IS NULL AND t.speaker IN ('user', 'agent'))
       AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.episode_id = e.id
         AND (t.aligned = 1 OR t.start_ms IS NOT NULL OR t.end_ms IS NOT NULL) AND t.tool IS NULL
         AND t.speaker IN ('user', 'agent'))
       ORDER BY e.id`,
    )
    .pluck()
    .all(studyId) as number[];
}

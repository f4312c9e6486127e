/**
 * An import's inserts of new episodes, inside the import's transactions: episode rows with ids given by the caller,
 * their conditions, search text, turns, judgements and audio links, many rows a statement; the move of an import's
 * episodes from its hidden study into their study, or their deletion when it fails; and the planner statistics the
 * episode browser relies on, refreshed after an import. Episodes are written to `episode_rows`, whose view `episodes`
 * every reader reads (migration 19).
 */
import type { Db } from './open';
import { RowInserter } from './insert-rows';

/** Writes the rows of an import's new episodes; one per import, used inside its transactions. */
export class EpisodeWriter {
  private readonly episodes;
  private readonly conditions;
  private readonly turns;
  private readonly text;
  private readonly judgements;
  private readonly hashOf;
  private readonly audioLink;

  constructor(private readonly db: Db) {
    // episode rows many to a statement (triggers on episodes make each statement costly), with ids assigned by the caller
    this.episodes = new RowInserter(
      db,
      `INSERT INTO episode_rows (id, study_id, external_id, benchmark, content_hash, system, task, trial, condition,
         outcome, reward, duration_ms, info, judge_label, import_id)`,
      15,
    );
    this.conditions = new RowInserter(db, 'INSERT OR IGNORE INTO episode_conditions (episode_id, key, value)', 3);
    this.turns = new RowInserter(
      db,
      'INSERT INTO turns (episode_id, idx, speaker, start_ms, end_ms, text, words, tool)',
      8,
      32,
    );
    this.text = new RowInserter(db, 'INSERT INTO episode_text (rowid, text)', 2, 32);
    this.judgements = new RowInserter(
      db,
      `INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence,
         reward_breakdown, findings, created_at)`,
      11,
      32,
    );
    this.hashOf = db.prepare('SELECT content_hash FROM episodes WHERE study_id = ? AND external_id = ?').pluck();
    this.audioLink = db.prepare(
      'INSERT OR IGNORE INTO episode_audio (episode_id, asset_id, role, lanes) VALUES (?, ?, ?, ?)',
    );
  }

  /**
   * The id one past the highest episode id in the database, the rows of imports in progress included: the id SQLite
   * would give the next episode.
   */
  nextEpisodeId(): number {
    return (this.db.prepare('SELECT coalesce(max(id), 0) FROM episode_rows').pluck().get() as number) + 1;
  }

  /**
   * The content hash of the study's episode with this external id, or undefined when the study has none (an import in
   * progress has none yet).
   */
  storedContentHash(studyId: number, externalId: string): string | undefined {
    return this.hashOf.get(studyId, externalId) as string | undefined;
  }

  /**
   * Episode rows of 15 values each: id, study_id, external_id, benchmark, content_hash, system, task, trial, condition
   * (JSON), outcome, reward, duration_ms, info (JSON), judge_label, import_id (the import in progress that writes them
   * into an existing study, which hides them until it completes; null in an import's hidden study).
   */
  insertEpisodes(values: readonly unknown[]): void {
    this.episodes.run(values);
  }

  /** Condition rows: episode id, key, value (a pair already there is kept). */
  insertConditions(values: readonly unknown[]): void {
    this.conditions.run(values);
  }

  /** Search text rows: episode id, text. */
  insertSearchText(values: readonly unknown[]): void {
    this.text.run(values);
  }

  /** Turn rows: episode id, idx, speaker, start_ms, end_ms, text, words (JSON), tool (JSON). */
  insertTurns(values: readonly unknown[]): void {
    this.turns.run(values);
  }

  /**
   * Judgement rows: episode id, judge_id, judge_version, label, rationale, categories, votes (JSON), confidence,
   * reward_breakdown, findings (JSON), created_at.
   */
  insertJudgements(values: readonly unknown[]): void {
    this.judgements.run(values);
  }

  /** Links an audio asset to an episode in a role, with the speakers of its channels (JSON); a link already there stays. */
  linkAudio(episodeId: number, assetId: number, role: unknown, lanesJson: unknown): void {
    this.audioLink.run(episodeId, assetId, role, lanesJson);
  }
}

/**
 * Moves every episode of study `from` into study `to` (an import's hidden study into a study of its name made by
 * another import meanwhile), with everything that hangs on the episodes; fails on an external id both studies hold.
 * Bumps each study's browse counter once: the browse trigger does not fire on `study_id` (migration 17).
 */
export function moveStudyEpisodes(db: Db, from: number, to: number): void {
  if (db.prepare('UPDATE episode_rows SET study_id = ? WHERE study_id = ?').run(to, from).changes === 0) return;
  bumpBrowseVersion(db, from);
  bumpBrowseVersion(db, to);
}

/**
 * Bumps the browse counter of a study whose episodes changed without a trigger seeing it: an import that wrote into
 * it completed (its rows appear at once; the insert trigger leaves out rows of an import in progress).
 */
export function bumpBrowseVersion(db: Db, studyId: number): void {
  db.prepare(
    'INSERT INTO study_browse_version (study_id, n) VALUES (?, 1) ON CONFLICT (study_id) DO UPDATE SET n = n + 1',
  ).run(studyId);
}

/**
 * Deletes up to `limit` episodes of the study with everything that hangs on them (turns, judgements, conditions,
 * search text, audio links, by cascade and trigger); returns how many it deleted.
 */
export function deleteStudyEpisodes(db: Db, studyId: number, limit: number): number {
  return db
    .prepare('DELETE FROM episode_rows WHERE id IN (SELECT id FROM episode_rows WHERE study_id = ? LIMIT ?)')
    .run(studyId, limit).changes;
}

/** Deletes up to `limit` episodes an import wrote into an existing study, as deleteStudyEpisodes; returns how many. */
export function deleteImportEpisodes(db: Db, importId: number, limit: number): number {
  return db
    .prepare('DELETE FROM episode_rows WHERE id IN (SELECT id FROM episode_rows WHERE import_id = ? LIMIT ?)')
    .run(importId, limit).changes;
}

/** Rows ANALYZE samples per index: enough for the planner's choices, and it bounds the time the lock is held. */
export const PLANNER_SAMPLE_ROWS = 1000;

/**
 * Re-reads the statistics the query planner uses for the episode browser, so filters and sorts walk the right index;
 * immediate for the same reason as the import's transaction (ANALYZE reads the tables, then writes sqlite_stat1).
 * Each index is sampled (`analysis_limit`), so the time under the write lock no longer grows with every study's
 * episodes.
 */
export function refreshPlannerStatistics(db: Db): void {
  const previous = db.pragma('analysis_limit', { simple: true }) as number;
  db.pragma(`analysis_limit = ${PLANNER_SAMPLE_ROWS}`);
  try {
    db.transaction(() => db.exec('ANALYZE episodes; ANALYZE episode_conditions;')).immediate();
  } finally {
    db.pragma(`analysis_limit = ${previous}`);
  }
}

/**
 * Migration 17: less to rewrite when an import's episodes move from its hidden study into an existing one
 * (docs/bench.md, "Label saves during an import"). The move rewrites every index entry of each moved episode, and the
 * twelve indexes on `episodes` took about 80% of its time. Migration 5's four `(study_id, col IS NULL, col)` indexes
 * go: the browser now reads a nullable column's order as its non-null values, then its nulls, both from the plain
 * `(study_id, col)` index (browse-index.ts). And the browse trigger no longer fires per row on `study_id`: the move
 * (episode-writer.ts, the only writer of that column) bumps both studies' counters once itself.
 */

/** The SQL of migration 17. */
export const migration017 = `
DROP INDEX episodes_reward_nl;
DROP INDEX episodes_duration_nl;
DROP INDEX episodes_outcome_nl;
DROP INDEX episodes_judge_nl;
DROP TRIGGER episodes_browse_update;
CREATE TRIGGER episodes_browse_update
  AFTER UPDATE OF id, external_id, system, task, outcome, reward, duration_ms, judge_label ON episodes
BEGIN
  INSERT INTO study_browse_version (study_id, n) SELECT NEW.study_id, 1 WHERE true
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
  INSERT INTO study_browse_version (study_id, n) SELECT OLD.study_id, 1 WHERE OLD.study_id IS NOT NEW.study_id
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
`;

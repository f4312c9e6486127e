/**
 * Migration 16: the browser's counter per study. Migration 6's single counter made any episode written anywhere (an
 * import into another study, a CLI import beside the server) throw away the open study's index; each study now has
 * its own, bumped by triggers on changes to its episodes and their conditions. A study without a row is at 0.
 */

/** Bumps the counter of the study `select` names (a `SELECT <study id>, 1 …`; no row, no bump). */
const bump = (select: string) =>
  `INSERT INTO study_browse_version (study_id, n) ${select} ON CONFLICT (study_id) DO UPDATE SET n = n + 1;`;

/** Bumps the study of the episode whose id is `episodeId` (a condition row's episode). */
const bumpEpisodeStudy = (episodeId: string, when = 'true') =>
  bump(`SELECT study_id, 1 FROM episodes WHERE id = ${episodeId} AND ${when}`);

/** The SQL of migration 16. */
export const migration016 = `
DROP TRIGGER episodes_browse_insert;
DROP TRIGGER episodes_browse_delete;
DROP TRIGGER episodes_browse_update;
DROP TRIGGER conditions_browse_insert;
DROP TRIGGER conditions_browse_delete;
DROP TRIGGER conditions_browse_update;
DROP TABLE browse_version;
CREATE TABLE study_browse_version (
  study_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
) STRICT;
CREATE TRIGGER episodes_browse_insert AFTER INSERT ON episodes BEGIN ${bump('SELECT NEW.study_id, 1 WHERE true')} END;
CREATE TRIGGER episodes_browse_delete AFTER DELETE ON episodes BEGIN ${bump('SELECT OLD.study_id, 1 WHERE true')} END;
CREATE TRIGGER episodes_browse_update
  AFTER UPDATE OF id, study_id, external_id, system, task, outcome, reward, duration_ms, judge_label ON episodes
BEGIN
  ${bump('SELECT NEW.study_id, 1 WHERE true')}
  ${bump('SELECT OLD.study_id, 1 WHERE OLD.study_id IS NOT NEW.study_id')}
END;
CREATE TRIGGER conditions_browse_insert AFTER INSERT ON episode_conditions BEGIN
  ${bumpEpisodeStudy('NEW.episode_id')}
END;
CREATE TRIGGER conditions_browse_delete AFTER DELETE ON episode_conditions BEGIN
  ${bumpEpisodeStudy('OLD.episode_id')}
END;
CREATE TRIGGER conditions_browse_update AFTER UPDATE ON episode_conditions BEGIN
  ${bumpEpisodeStudy('NEW.episode_id')}
  ${bumpEpisodeStudy('OLD.episode_id', 'OLD.episode_id IS NOT NEW.episode_id')}
END;
`;

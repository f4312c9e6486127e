/**
 * Migration 16: the browser's counter per study. Migration 6's single counter made any episode written anywhere (an
 * import into another study, a CLI import beside the server) throw away the open study's index; each study now has
 * its own, bumped by triggers on changes to its episodes and their conditions. A study without a row is at 0.
 */
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
CREATE TRIGGER episodes_browse_insert AFTER INSERT ON episodes BEGIN
  INSERT INTO study_browse_version (study_id, n) VALUES (NEW.study_id, 1)
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER episodes_browse_delete AFTER DELETE ON episodes BEGIN
  INSERT INTO study_browse_version (study_id, n) VALUES (OLD.study_id, 1)
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER episodes_browse_update
  AFTER UPDATE OF id, study_id, external_id, system, task, outcome, reward, duration_ms, judge_label ON episodes
BEGIN
  INSERT INTO study_browse_version (study_id, n) VALUES (OLD.study_id, 1)
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
  INSERT INTO study_browse_version (study_id, n) VALUES (NEW.study_id, 1)
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER conditions_browse_insert AFTER INSERT ON episode_conditions BEGIN
  INSERT INTO study_browse_version (study_id, n) SELECT study_id, 1 FROM episodes WHERE id = NEW.episode_id
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER conditions_browse_delete AFTER DELETE ON episode_conditions BEGIN
  INSERT INTO study_browse_version (study_id, n) SELECT study_id, 1 FROM episodes WHERE id = OLD.episode_id
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER conditions_browse_update AFTER UPDATE ON episode_conditions BEGIN
  INSERT INTO study_browse_version (study_id, n) SELECT study_id, 1 FROM episodes WHERE id = OLD.episode_id
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
  INSERT INTO study_browse_version (study_id, n) SELECT study_id, 1 FROM episodes WHERE id = NEW.episode_id
    ON CONFLICT (study_id) DO UPDATE SET n = n + 1;
END;
`;

/**
 * Migration 6: a counter the episode browser's in-memory index is keyed by. Triggers bump it on every change to what
 * the index holds (episode ids, the columns it sorts and filters on, condition pairs), from any connection, so a
 * cached order or value set is never used after the data under it changed. Labels and judgements do not touch it.
 */
export const migration006 = `
CREATE TABLE browse_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO browse_version (id, n) VALUES (1, 0);
CREATE TRIGGER episodes_browse_insert AFTER INSERT ON episodes BEGIN UPDATE browse_version SET n = n + 1; END;
CREATE TRIGGER episodes_browse_delete AFTER DELETE ON episodes BEGIN UPDATE browse_version SET n = n + 1; END;
CREATE TRIGGER episodes_browse_update
  AFTER UPDATE OF id, study_id, external_id, system, task, outcome, reward, duration_ms, judge_label ON episodes
  BEGIN UPDATE browse_version SET n = n + 1; END;
CREATE TRIGGER conditions_browse_insert AFTER INSERT ON episode_conditions BEGIN UPDATE browse_version SET n = n + 1; END;
CREATE TRIGGER conditions_browse_delete AFTER DELETE ON episode_conditions BEGIN UPDATE browse_version SET n = n + 1; END;
CREATE TRIGGER conditions_browse_update AFTER UPDATE ON episode_conditions BEGIN UPDATE browse_version SET n = n + 1; END;
`;

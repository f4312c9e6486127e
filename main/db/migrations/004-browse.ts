/** Migration 4: what the episode browser filters, sorts and searches on — the latest judge label on the episode,
 * indexes for the filters, condition key/value pairs as rows, and a full-text index with one document per episode (all its turn text). */
export const migration004 = `
ALTER TABLE episodes ADD COLUMN judge_label TEXT;
UPDATE episodes SET judge_label = (SELECT j.label FROM judgements j WHERE j.episode_id = episodes.id ORDER BY j.id DESC LIMIT 1);
CREATE INDEX episodes_judge ON episodes (study_id, judge_label);
CREATE INDEX episodes_outcome ON episodes (study_id, outcome);
CREATE INDEX episodes_reward ON episodes (study_id, reward);
CREATE INDEX episodes_external ON episodes (study_id, external_id);
CREATE INDEX judgements_episode ON judgements (episode_id);
CREATE INDEX turns_episode ON turns (episode_id, idx);
CREATE INDEX annotations_episode ON annotations (episode_id, annotator_id);

CREATE TABLE episode_conditions (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (key, value, episode_id)
) WITHOUT ROWID;
INSERT INTO episode_conditions (episode_id, key, value)
  SELECT e.id, c.key, CAST(c.value AS TEXT) FROM episodes e, json_each(e.condition) c;
CREATE INDEX episode_conditions_episode ON episode_conditions (episode_id);

CREATE VIRTUAL TABLE episode_text USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO episode_text (rowid, text)
  SELECT e.id, COALESCE((SELECT group_concat(t.text, ' ') FROM turns t WHERE t.episode_id = e.id ORDER BY t.idx), '') FROM episodes e;
CREATE TRIGGER episodes_text_delete AFTER DELETE ON episodes BEGIN
  DELETE FROM episode_text WHERE rowid = old.id;
END;
`;

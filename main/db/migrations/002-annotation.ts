/** Migration 2: annotation — annotator roles, per-study annotation settings, commits (judge reveal / done), work queues, and undo links in the label history. */
export const migration002 = `
ALTER TABLE annotators ADD COLUMN role TEXT NOT NULL DEFAULT 'annotator' CHECK (role IN ('annotator', 'adjudicator'));

CREATE TABLE annotation_settings (
  study_id INTEGER PRIMARY KEY REFERENCES studies(id) ON DELETE CASCADE,
  hide_judge INTEGER NOT NULL DEFAULT 0,
  auto_accept_unanimous INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE annotation_commits (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  annotator_id INTEGER NOT NULL REFERENCES annotators(id),
  committed_at TEXT NOT NULL,
  PRIMARY KEY (episode_id, annotator_id)
);

CREATE TABLE work_queues (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  spec TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (study_id, name)
);

CREATE TABLE queue_items (
  queue_id INTEGER NOT NULL REFERENCES work_queues(id) ON DELETE CASCADE,
  annotator_id INTEGER NOT NULL REFERENCES annotators(id),
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (queue_id, annotator_id, episode_id)
);
CREATE INDEX queue_items_episode ON queue_items (episode_id);

ALTER TABLE label_history ADD COLUMN undoes INTEGER;
CREATE INDEX label_history_episode ON label_history (episode_id, annotator_id, id);
CREATE INDEX annotations_field ON annotations (field, phase, episode_id);
`;

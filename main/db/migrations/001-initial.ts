/** Migration 1: studies, episodes, turns, audio, judgements, annotators, annotations, adjudications, history. */
export const migration001 = `
CREATE TABLE studies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  benchmark TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  blind INTEGER NOT NULL DEFAULT 1,
  taxonomy TEXT,
  info TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  format TEXT NOT NULL,
  source TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  UNIQUE (study_id, content_hash)
);

CREATE TABLE episodes (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  system TEXT NOT NULL DEFAULT '',
  task TEXT NOT NULL DEFAULT '',
  trial INTEGER NOT NULL DEFAULT 0,
  condition TEXT NOT NULL DEFAULT '{}',
  outcome TEXT,
  reward REAL,
  duration_ms INTEGER,
  info TEXT NOT NULL DEFAULT '{}',
  content_hash TEXT NOT NULL,
  UNIQUE (study_id, external_id)
);
CREATE INDEX episodes_study ON episodes (study_id, system, task);

CREATE TABLE turns (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  speaker TEXT NOT NULL CHECK (speaker IN ('user', 'agent', 'tool', 'system')),
  start_ms INTEGER,
  end_ms INTEGER,
  text TEXT NOT NULL DEFAULT '',
  words TEXT,
  tool TEXT,
  UNIQUE (episode_id, idx)
);

CREATE TABLE audio_assets (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL UNIQUE,
  format TEXT NOT NULL,
  sample_rate INTEGER NOT NULL,
  channels INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  peaks_per_second INTEGER NOT NULL,
  peaks BLOB NOT NULL
);

CREATE TABLE episode_audio (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  asset_id INTEGER NOT NULL REFERENCES audio_assets(id),
  role TEXT NOT NULL DEFAULT 'call',
  lanes TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (episode_id, asset_id)
);

CREATE TABLE judgements (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  judge_id TEXT NOT NULL,
  judge_version TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL,
  rationale TEXT NOT NULL DEFAULT '',
  categories TEXT NOT NULL DEFAULT '[]',
  votes TEXT NOT NULL DEFAULT '[]',
  confidence REAL,
  reward_breakdown TEXT,
  findings TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  UNIQUE (episode_id, judge_id, judge_version)
);

CREATE TABLE annotators (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  initials TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE annotations (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  annotator_id INTEGER NOT NULL REFERENCES annotators(id),
  field TEXT NOT NULL,
  phase TEXT NOT NULL DEFAULT 'final' CHECK (phase IN ('pre_reveal', 'final')),
  value TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (episode_id, annotator_id, field, phase)
);

CREATE TABLE adjudications (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  field TEXT NOT NULL,
  value TEXT,
  rationale TEXT NOT NULL DEFAULT '',
  adjudicator_id INTEGER REFERENCES annotators(id),
  decided_at TEXT NOT NULL,
  UNIQUE (episode_id, field)
);

CREATE TABLE label_history (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL,
  annotator_id INTEGER,
  field TEXT NOT NULL,
  phase TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  action TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TRIGGER label_history_no_update BEFORE UPDATE ON label_history
  BEGIN SELECT RAISE(ABORT, 'label_history is append-only'); END;
CREATE TRIGGER label_history_no_delete BEFORE DELETE ON label_history
  BEGIN SELECT RAISE(ABORT, 'label_history is append-only'); END;
`;

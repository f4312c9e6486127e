/** Migration 3: benchmark runs (an episode set against a system) and the state of each planned episode, for resume. */
export const migration003 = `
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  study_id INTEGER REFERENCES studies(id) ON DELETE SET NULL,
  study_name TEXT NOT NULL,
  set_path TEXT NOT NULL,
  set_name TEXT NOT NULL,
  set_hash TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  system_id TEXT NOT NULL,
  system_kind TEXT NOT NULL,
  system_config TEXT NOT NULL,
  judge_config TEXT,
  repeats INTEGER NOT NULL DEFAULT 1,
  concurrency INTEGER NOT NULL DEFAULT 1,
  planned INTEGER NOT NULL DEFAULT 0,
  out_dir TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'cancelled', 'failed')),
  error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE TABLE IF NOT EXISTS run_episodes (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL,
  trial INTEGER NOT NULL,
  external_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  episode_id INTEGER REFERENCES episodes(id) ON DELETE SET NULL,
  first_audio_ms REAL,
  label TEXT,
  reward REAL,
  attempts INTEGER NOT NULL DEFAULT 1,
  error TEXT,
  finished_at TEXT NOT NULL,
  PRIMARY KEY (run_id, item_id, trial)
);
`;

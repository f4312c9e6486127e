/**
 * Migration 11: a study's casebook. Each case is one call (or a moment, or a region start–end, of it) filed under a
 * category with a note, by the annotator or adjudicator who added it. A case belongs to its study through its episode
 * (`episodes.study_id`), so a study's deletion or an episode's removes its cases. STRICT, like every table since 9.
 */
export const migration011 = `
CREATE TABLE casebook_cases (
  id INTEGER PRIMARY KEY,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 120),
  start_ms INTEGER CHECK (start_ms IS NULL OR start_ms >= 0),
  end_ms INTEGER CHECK (end_ms IS NULL OR (start_ms IS NOT NULL AND end_ms > start_ms)),
  note TEXT NOT NULL,
  added_by INTEGER NOT NULL REFERENCES annotators(id),
  added_at TEXT NOT NULL
) STRICT;

CREATE INDEX casebook_cases_episode ON casebook_cases (episode_id);
`;

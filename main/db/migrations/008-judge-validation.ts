/**
 * Migration 8: judge validation. Adjudicated values take the labels' encoding (JSON text; before, the bare string was
 * stored); a study gets a lead, an agreement reveal, a first-label judge reveal and a held-out split; judge reveals
 * are recorded per annotator and episode; judge-to-field mappings are saved per study.
 */
export const migration008 = `
UPDATE adjudications SET value = json_quote(value)
  WHERE value IS NOT NULL AND NOT (json_valid(value) AND json_type(value) = 'text');

ALTER TABLE annotation_settings ADD COLUMN lead_id INTEGER REFERENCES annotators(id);
ALTER TABLE annotation_settings ADD COLUMN hide_judge_until_first_label INTEGER NOT NULL DEFAULT 0;
ALTER TABLE annotation_settings ADD COLUMN agreement_revealed_at TEXT;
ALTER TABLE annotation_settings ADD COLUMN agreement_revealed_by INTEGER REFERENCES annotators(id);
ALTER TABLE annotation_settings ADD COLUMN holdout_seed INTEGER;
ALTER TABLE annotation_settings ADD COLUMN holdout_fraction REAL;

CREATE TABLE judge_reveals (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  annotator_id INTEGER NOT NULL REFERENCES annotators(id),
  revealed_at TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('first_label', 'commit', 'shown')),
  PRIMARY KEY (episode_id, annotator_id)
);

CREATE TABLE judge_mappings (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  spec TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (study_id, key)
);
`;

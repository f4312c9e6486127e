/**
 * Migration 5 (proposed by the bench, docs/bench.md): an index per sortable column, plus (col IS NULL, col) indexes so
 * ascending sorts with NULLs last walk an index; drops episodes_external and turns_episode, which duplicate UNIQUE constraints.
 * ANALYZE gives the planner real statistics; without them it sorts 100,000 rows for an id-ordered page.
 */
export const migration005 = `
CREATE INDEX episodes_duration ON episodes (study_id, duration_ms);
CREATE INDEX episodes_task ON episodes (study_id, task);
CREATE INDEX episodes_system ON episodes (study_id, system);
CREATE INDEX episodes_reward_nl ON episodes (study_id, reward IS NULL, reward);
CREATE INDEX episodes_duration_nl ON episodes (study_id, duration_ms IS NULL, duration_ms);
CREATE INDEX episodes_outcome_nl ON episodes (study_id, outcome IS NULL, outcome);
CREATE INDEX episodes_judge_nl ON episodes (study_id, judge_label IS NULL, judge_label);
DROP INDEX episodes_external;
DROP INDEX turns_episode;
ANALYZE;
`;

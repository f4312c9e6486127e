/**
 * Migration 19: an import into an existing study completes without moving its episodes. It writes them into that
 * study with its own id in `import_id`, and they stay invisible while the import is in progress: `episodes` becomes a
 * view of the table, now `episode_rows`, without the rows of imports in progress (whose `imports.content_hash` is still
 * `pending:…`, imports.ts). Completing marks the import done, one row, instead of rewriting every moved episode's
 * entries in the seven browse indexes (docs/bench.md, "The lock an import's completion holds"). Readers keep reading
 * `episodes`; the writers of episodes (episode-writer.ts, the judge label in episodes.ts) write `episode_rows`. The
 * browse indexes gain `import_id` so that what they answered from the index alone they still do; the insert triggers
 * of episodes and their conditions leave out the rows of an import in progress (their study's counter is bumped once
 * when it completes). The other browse triggers, renamed onto `episode_rows`, stay: a pending row is only ever
 * deleted (its import discarded), and bumping its study then costs one rebuild of that study's index.
 */

const COLUMNS = `id, study_id, external_id, benchmark, system, task, trial, condition, outcome, reward, duration_ms, info,
  content_hash, judge_label`;

/** A row of an import in progress: its import is still pending (the partial index `imports_pending` finds those). */
const PENDING_ROW = "import_id IN (SELECT id FROM imports WHERE content_hash GLOB 'pending:*')";

/** The seven browse indexes of migrations 1, 4 and 5: name and leading columns. */
const BROWSE_INDEXES: readonly [string, string][] = [
  ['episodes_study', 'study_id, system, task'],
  ['episodes_judge', 'study_id, judge_label'],
  ['episodes_outcome', 'study_id, outcome'],
  ['episodes_reward', 'study_id, reward'],
  ['episodes_duration', 'study_id, duration_ms'],
  ['episodes_task', 'study_id, task'],
  ['episodes_system', 'study_id, system'],
];

const bump = (select: string) =>
  `INSERT INTO study_browse_version (study_id, n) ${select} ON CONFLICT (study_id) DO UPDATE SET n = n + 1;`;

/** The SQL of migration 19. */
export const migration019 = `
ALTER TABLE episodes RENAME TO episode_rows;
ALTER TABLE episode_rows ADD COLUMN import_id INTEGER;
${BROWSE_INDEXES.map(([name, columns]) => `DROP INDEX ${name};
CREATE INDEX ${name} ON episode_rows (${columns}, import_id);`).join('\n')}
CREATE INDEX episode_rows_import ON episode_rows (import_id) WHERE import_id IS NOT NULL;
CREATE INDEX imports_pending ON imports (id) WHERE content_hash GLOB 'pending:*';
CREATE VIEW episodes AS SELECT ${COLUMNS} FROM episode_rows WHERE import_id IS NULL OR NOT ${PENDING_ROW};
DROP TRIGGER episodes_browse_insert;
CREATE TRIGGER episodes_browse_insert AFTER INSERT ON episode_rows WHEN NEW.import_id IS NULL BEGIN
  ${bump('SELECT NEW.study_id, 1 WHERE true')}
END;
DROP TRIGGER conditions_browse_insert;
CREATE TRIGGER conditions_browse_insert AFTER INSERT ON episode_conditions BEGIN
  ${bump('SELECT study_id, 1 FROM episodes WHERE id = NEW.episode_id')}
END;
`;

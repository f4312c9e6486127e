import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_VALIDATION } from '../../../test-support/fixture-counts';
import { readTauElicitation } from '../../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../../importers/write-batch';
import { createServices } from '../../services/services';
import { metricsHandlers } from '../../api/metrics-handlers';
import { adjudicationItems } from '../../annotation/adjudication';
import { episodeDecision } from '../adjudications';
import { migrate } from '../open';
import { latestVersion, migrations } from './index';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-8-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Episodes whose two annotators gave different error sources, in id order. */
const disputedEpisodes = (db: Database.Database) =>
  db
    .prepare(
      `SELECT a.episode_id FROM annotations a JOIN annotations b ON b.episode_id = a.episode_id AND b.field = a.field
       AND b.annotator_id > a.annotator_id WHERE a.field = 'error_source' AND a.value <> b.value ORDER BY a.episode_id`,
    )
    .pluck()
    .all() as number[];

describe('migration 8 (adjudicated values take the labels’ JSON encoding)', () => {
  it('turns bare-string decisions of a version 7 database into JSON text, and Results work on it', async () => {
    const file = join(dir, 'v7.sqlite');
    const v7 = new Database(file);
    migrate(v7, migrations.filter((m) => m.version <= 7), file);
    const batch = await readTauElicitation(fixture('tau-elicitation'));
    // Today's writer writes episode_rows (migration 19): lent that shape for the import, the table gets its own back.
    v7.exec(`ALTER TABLE episodes RENAME TO episode_rows; ALTER TABLE episode_rows ADD COLUMN import_id INTEGER;
             CREATE VIEW episodes AS SELECT * FROM episode_rows;`);
    const { study } = await writeBatch(v7, batch, { studyName: 'τ-E', now: new Date() });
    v7.exec(`DROP VIEW episodes; ALTER TABLE episode_rows DROP COLUMN import_id;
             ALTER TABLE episode_rows RENAME TO episodes;`);
    const [agentCall, unresolvedCall] = disputedEpisodes(v7);
    // What decide() wrote before migration 8: the bare string. No product function writes that any more.
    const legacy = v7.prepare(
      `INSERT INTO adjudications (episode_id, field, value, rationale, decided_at)
       VALUES (?, 'error_source', ?, ?, '2026-01-01')`,
    );
    legacy.run(agentCall, 'agent', 'heard the agent misread it');
    legacy.run(unresolvedCall, 'unresolved', 'audio cut');
    v7.close();

    const s = await createServices(file);
    try {
      expect(s.db.pragma('user_version', { simple: true })).toBe(latestVersion);
      expect(episodeDecision(s.db, agentCall, 'error_source')?.valueJson).toBe('"agent"');
      expect(episodeDecision(s.db, unresolvedCall, 'error_source')?.valueJson).toBe('"unresolved"');
      const items = adjudicationItems(s.db, study.id, 'error_source');
      expect(items.find((i) => i.episodeId === agentCall)).toMatchObject({ status: 'decided', final: 'agent' });
      const unresolvedItem = items.find((i) => i.episodeId === unresolvedCall);
      expect(unresolvedItem).toMatchObject({ status: 'unresolved', final: 'unresolved' });

      const results = metricsHandlers['metrics.study'](s, { studyId: study.id, options: { resamples: 200 } });
      const resolved = results.labels.failures.find((f) => f.view === 'resolved')!;
      const sources = resolved.rows[0].sources.map((x) => [x.label, x.count]);
      // Before: no_error 66, agent 31, disputed 3 (TAU_VALIDATION.resolved, scripts/recount/tau-validation.mjs); one
      // dispute is now agent, one unresolved.
      const before = TAU_VALIDATION.resolved.sources;
      expect(sources).toEqual([
        ['no_error', before.no_error],
        ['agent', before.agent + 1],
        ['disputed', before.disputed - 2],
        ['unresolved', 1],
      ]);
    } finally {
      s.db.close();
    }
  });
});

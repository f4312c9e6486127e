/**
 * Writes what the database holds after a fixed scenario, to compare two builds of Earshot row by row
 * (docs/testing.md, "Comparing what the database holds"). On a fresh studio in a temporary folder it plays
 * test-support/studio-scenario.ts (the fixtures imported, labels saved, a commit, an adjudication, a DSB-DG run
 * against the local OpenAI-protocol server), then writes OUT_DIR/<table>.jsonl: one JSON object per row, in
 * primary-key order, with the storage class of each value under "$types", and the values that change from one
 * play to the next masked. Usage: node bin/tsx-run.mjs scripts/db-snapshot.ts OUT_DIR
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dumpDatabase, type TableDump } from '../test-support/db-dump';
import { fixturesDir, repoRoot } from '../test-support/fixtures';
import { playScenario } from '../test-support/studio-scenario';
import type { createServices } from '../main/services/services';

/**
 * What a live run measures on the wall clock (delays, durations, the recorded audio and what hashes it), masked in
 * the rows the run wrote: the episodes of its study, their turns, judgements and audio, its imports and its rows.
 */
const RUN_MEASURED: Record<string, readonly string[]> = {
  episodes: ['duration_ms', 'content_hash'],
  turns: ['start_ms', 'end_ms'],
  audio_assets: ['sha256', 'duration_ms', 'peaks'],
  imports: ['content_hash'],
  runs: ['set_hash'],
  run_episodes: ['first_audio_ms'],
};

/** JSON columns of the run's rows in which the keys in MEASURED_KEYS are masked (the rest is compared). */
const RUN_MEASURED_JSON: Record<string, readonly string[]> = { episodes: ['info'], judgements: ['findings'] };
const MEASURED_KEYS = new Set([
  'firstAudioMs',
  'medianFirstAudioMs',
  'first_audio_ms',
  'responseMs',
  'startMs',
  'endMs',
]);

/** `json` with the values of the measured keys masked, at any depth. */
function maskMeasured(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(maskMeasured);
  if (!json || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json).map(([k, v]) => [k, MEASURED_KEYS.has(k) ? '<measured>' : maskMeasured(v)]),
  );
}

/** Strings naming the scenario's folders or the local server's port, as names that do not change between plays. */
function maskText(value: unknown, folders: [string, string][]): unknown {
  if (typeof value !== 'string') return value;
  const named = folders.reduce((text, [path, name]) => text.split(path).join(name), value);
  return named.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>');
}

/** The values of `column` in `table`'s rows. */
function columnValues(dumps: TableDump[], table: string, column: string): unknown[] {
  const dump = dumps.find((d) => d.table === table)!;
  const i = dump.columns.indexOf(column);
  return dump.rows.map((r) => r.values[i]);
}

/** For each table, which of its rows the run wrote. */
function runRows(dumps: TableDump[]): Record<string, (values: Record<string, unknown>) => boolean> {
  const studies = new Set(columnValues(dumps, 'runs', 'study_id'));
  const episodes = new Set<unknown>();
  const episodeStudies = columnValues(dumps, 'episodes', 'study_id');
  columnValues(dumps, 'episodes', 'id').forEach((id, i) => studies.has(episodeStudies[i]) && episodes.add(id));
  const assets = new Set<unknown>();
  const audioEpisodes = columnValues(dumps, 'episode_audio', 'episode_id');
  columnValues(dumps, 'episode_audio', 'asset_id').forEach((id, i) => episodes.has(audioEpisodes[i]) && assets.add(id));
  return {
    episodes: (r) => studies.has(r.study_id),
    turns: (r) => episodes.has(r.episode_id),
    judgements: (r) => episodes.has(r.episode_id),
    audio_assets: (r) => assets.has(r.id),
    imports: (r) => studies.has(r.study_id),
    runs: () => true,
    run_episodes: () => true,
  };
}

/** One table's rows as JSON lines, paths named and what the run measured masked. */
function tableLines(dump: TableDump, folders: [string, string][], ofRun: ReturnType<typeof runRows>): string {
  return dump.rows
    .map((row) => {
      const values = Object.fromEntries(dump.columns.map((c, i) => [c, maskText(row.values[i], folders)]));
      if (ofRun[dump.table]?.(values)) {
        for (const c of RUN_MEASURED[dump.table] ?? []) values[c] = '<measured>';
        for (const c of RUN_MEASURED_JSON[dump.table] ?? []) values[c] = maskMeasured(JSON.parse(values[c] as string));
      }
      return JSON.stringify({ ...values, $types: row.types }) + '\n';
    })
    .join('');
}

/**
 * The services as the studio of this build opens them, with the demo study on first use: through
 * main/demo/studio-services.ts where it exists, else through createServices, which imported the demo itself before.
 */
async function openStudio(dbPath: string, options: { clock: () => Date }): ReturnType<typeof createServices> {
  const studio = join(repoRoot, 'main', 'demo', 'studio-services.ts');
  const [file, name] = existsSync(studio)
    ? [studio, 'openStudioServices']
    : [join(repoRoot, 'main', 'services', 'services.ts'), 'createServices'];
  const open = (await import(pathToFileURL(file).href))[name] as typeof createServices;
  return open(dbPath, options);
}

async function main(outDir: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'earshot-snapshot-'));
  try {
    const dbPath = join(work, 'earshot.db');
    const s = await openStudio(dbPath, { clock: () => new Date('2026-01-02T03:04:05Z') });
    try {
      await playScenario(s, work);
    } finally {
      s.db.close();
    }
    const db = new Database(dbPath, { readonly: true });
    const dumps = dumpDatabase(db);
    db.close();
    const folders: [string, string][] = [
      [work, '<work>'],
      [resolve(fixturesDir), '<fixtures>'],
      [repoRoot, '<repo>'],
    ];
    mkdirSync(outDir, { recursive: true });
    for (const name of readdirSync(outDir)) if (name.endsWith('.jsonl')) rmSync(join(outDir, name));
    const ofRun = runRows(dumps);
    for (const dump of dumps) writeFileSync(join(outDir, `${dump.table}.jsonl`), tableLines(dump, folders, ofRun));
    const rows = dumps.reduce((n, d) => n + d.rows.length, 0);
    process.stdout.write(`${dumps.length} tables, ${rows} rows written to ${outDir}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const out = process.argv[3]; // argv[2] is this script (bin/tsx-run.mjs runs it)
if (!out) {
  process.stderr.write('usage: node bin/tsx-run.mjs scripts/db-snapshot.ts OUT_DIR\n');
  process.exit(2);
}
await main(resolve(out));

/** One import of a generic JSONL, in its own process, for the memory bench: `streamed` (importPath) or `whole`. */
import { openDatabase } from '../main/db/open';
import { importPath } from '../main/importers/import-path';
import { readGenericJsonl } from '../main/importers/generic/read-generic';
import { writeBatch } from '../main/importers/write-batch';

const [, , , way, file, dbFile] = process.argv; // argv[2] is this file, run through bin/tsx-run.mjs
const db = openDatabase(dbFile);
const now = new Date('2026-07-01T00:00:00Z');
const t0 = performance.now();
const summary =
  way === 'whole'
    ? await writeBatch(db, await readGenericJsonl(file), { now }) // every episode read before the first is written
    : await importPath(db, file, 'generic', { now }, { align: false });
const ms = performance.now() - t0;
db.close();
process.stdout.write(
  JSON.stringify({ ms, episodes: summary.episodes, maxRssBytes: process.resourceUsage().maxRSS * 1024 }),
);

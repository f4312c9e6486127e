/**
 * One import in its own process, for the memory bench: `streamed` (importPath, as `earshot import` does) or `whole`
 * (the former path: every episode of the file read by the whole-file reader, then the same writer), of a generic JSONL
 * or a VERA episodes file.
 */
import { openDatabase } from '../main/db/open';
import { importPath } from '../main/importers/import-path';
import { readGenericJsonl } from '../main/importers/generic/read-generic';
import { readVera } from '../main/importers/vera/read-vera';
import { writeBatch } from '../main/importers/write-batch';

const [, , , way, format, file, dbFile] = process.argv; // argv[2] is this file, run through bin/tsx-run.mjs
if (format !== 'generic' && format !== 'vera') throw new Error(`unknown format ${format}`);
const db = openDatabase(dbFile);
const now = new Date('2026-07-01T00:00:00Z');
const t0 = performance.now();
const readWhole = format === 'vera' ? readVera : readGenericJsonl;
const summary =
  way === 'whole'
    ? await writeBatch(db, await readWhole(file), { now }) // every episode read before the first is written
    : await importPath(db, file, format, { now }, { align: false });
const ms = performance.now() - t0;
db.close();
process.stdout.write(
  JSON.stringify({ ms, episodes: summary.episodes, maxRssBytes: process.resourceUsage().maxRSS * 1024 }),
);

/**
 * An import for the reliability tests, run as its own process (as `earshot import` does): prints `progress N` as it
 * writes and `done EPISODES` when it completed. Arguments: database file, source path, format, study name.
 */
import { openDatabase } from '../../main/db/open';
import { importPath } from '../../main/importers/import-path';
import type { SourceFormat } from '../../main/importers/detect';

const [file, path, format, study] = process.argv.slice(3);
const db = openDatabase(file);
const say = (line: string) => process.stdout.write(`${line}\n`);
say('ready');
const summary = await importPath(db, path, format as SourceFormat, {
  now: new Date(),
  studyName: study,
  onProgress: (done) => say(`progress ${done}`),
});
say(`done ${summary.episodes}`);
db.close();

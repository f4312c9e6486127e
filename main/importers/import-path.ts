/** Imports a file or folder in a known format: the one call behind `earshot import` and the studio's Import command. */
import type { Db } from '../db/open';
import type { ImportSummary } from '../../shared/methods/imports';
import { readAny, type SourceFormat } from './detect';
import { importTau2 } from './tau2/import-tau2';
import { writeBatch, type WriteOptions } from './write-batch';

/** Imports `path`: a τ² run is read in chunks while it is written; other formats are read whole, then written. */
export async function importPath(db: Db, path: string, format: SourceFormat, options: WriteOptions): Promise<ImportSummary> {
  if (format === 'tau2') return importTau2(db, path, options);
  return writeBatch(db, await readAny(path, format), options);
}

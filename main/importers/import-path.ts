/** Imports a file or folder in a known format: the one call behind `earshot import` and the studio's Import command. */
import type { Db } from '../db/open';
import type { ImportSummary } from '../../shared/methods/imports';
import { readAny, type SourceFormat } from './detect';
import { importTau2, type Tau2ImportOptions } from './tau2/import-tau2';
import { writeBatch } from './write-batch';

/** Imports `path`: a τ² run is read in chunks while it is written; other formats are read whole, then written. */
export async function importPath(
  db: Db,
  path: string,
  format: SourceFormat,
  options: Tau2ImportOptions,
): Promise<ImportSummary> {
  if (format === 'tau2') return importTau2(db, path, options);
  return writeBatch(db, await readAny(path, format), options);
}

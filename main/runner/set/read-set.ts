/** Reads any episode set: a VERA episodes JSON or folder, or a JSONL set (DSB-DG scripts or generic items). */
import { existsSync, statSync } from 'node:fs';
import { ImportError } from '../../importers/batch';
import { readJsonlSet } from './read-jsonl-set';
import { readVeraSet } from './read-vera-set';
import type { EpisodeSet } from './types';

/** Reads the set at `path`, choosing the reader by its shape. */
export async function readEpisodeSet(path: string): Promise<EpisodeSet> {
  if (!existsSync(path)) throw new ImportError(path, 'file', '(file)', 'does not exist');
  if (statSync(path).isDirectory() || /\.json$/i.test(path)) return readVeraSet(path);
  if (/\.jsonl$/i.test(path)) return readJsonlSet(path);
  throw new ImportError(path, 'file', '(file)', 'an episode set is a VERA episodes .json (or its folder) or a .jsonl set');
}

/**
 * Imports a generic JSONL straight into the database: its lines are read, checked and prepared a chunk at a time while
 * the writer inserts the chunk before, in its short transactions (write-batch.ts), so the file's episodes are never all
 * in memory. All or nothing as any import: a fault on any line deletes what was written.
 */
import type { Db } from '../../db/open';
import type { ImportSummary } from '../../../shared/methods/imports';
import type { BatchEpisode } from '../batch';
import type { PreparedAudio } from '../batch-inserter';
import { prepareEpisode, type PreparedEpisode } from '../prepared-episode';
import type { TaxonomyFor } from '../target-taxonomy';
import { prepareAudio, writeEpisodeChunks, type WriteOptions } from '../write-batch';
import { readGenericLines } from './read-generic';

/** Episodes read before a chunk goes to the writer. */
const CHUNK_EPISODES = 256;

/** Imports the generic JSONL at `file` into `db`; labels that come with it are checked against `taxonomyFor`'s. */
export async function importGeneric(
  db: Db,
  file: string,
  options: WriteOptions & { taxonomyFor: TaxonomyFor },
): Promise<ImportSummary> {
  const items = readGenericLines(file, options.taxonomyFor);
  const first = items.next(); // the header, yielded before the first episode (a file without one throws here)
  if (first.done || first.value.kind !== 'header') throw new Error(`${file}: the reader gave no header`);
  const audio = new Map<string, PreparedAudio>();
  async function prepare(chunk: readonly BatchEpisode[]): Promise<PreparedEpisode[]> {
    const fresh = [...new Set(chunk.flatMap((e) => e.audio.map((a) => a.path)))].filter((path) => !audio.has(path));
    // the writer reports progress by episodes written; the chunk's audio adds none of its own
    for (const [path, prepared] of await prepareAudio(fresh, { signal: options.signal })) audio.set(path, prepared);
    return chunk.map(prepareEpisode);
  }
  async function* chunks(): AsyncGenerator<PreparedEpisode[]> {
    let chunk: BatchEpisode[] = [];
    for (const item of items) {
      if (item.kind !== 'episode') continue;
      chunk.push(item.episode);
      if (chunk.length < CHUNK_EPISODES) continue;
      yield await prepare(chunk);
      chunk = [];
    }
    if (chunk.length) yield await prepare(chunk);
  }
  return writeEpisodeChunks(db, first.value.header, audio, chunks(), options);
}

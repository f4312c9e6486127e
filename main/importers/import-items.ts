/**
 * Imports what a streamed reader yields straight into the database: its episodes are read, checked and prepared a
 * chunk at a time while the writer inserts the chunk before, in its short transactions (write-batch.ts), so the
 * source's episodes are never all in memory. All or nothing as any import: a fault on any record deletes what was
 * written.
 */
import type { Db } from '../db/open';
import type { ImportSummary } from '../../shared/methods/imports';
import type { BatchEpisode, ImportItem } from './batch';
import type { PreparedAudio } from './batch-inserter';
import { prepareEpisode, type PreparedEpisode } from './prepared-episode';
import { prepareAudio, writeEpisodeChunks, type WriteOptions } from './write-batch';

/** Episodes read before a chunk goes to the writer. */
const CHUNK_EPISODES = 256;

/** Imports `items` (a header first, then episodes, as readGenericLines and readTauElicitationItems yield) into `db`. */
export async function importItems(
  db: Db,
  items: Iterator<ImportItem>,
  source: string,
  options: WriteOptions,
): Promise<ImportSummary> {
  try {
    return await writeItems(db, items, source, options);
  } finally {
    items.return?.(); // a writer that stopped early (a cancel, a fault) closes the reader and the file it holds open
  }
}

async function writeItems(
  db: Db,
  items: Iterator<ImportItem>,
  source: string,
  options: WriteOptions,
): Promise<ImportSummary> {
  const first = items.next(); // the header, yielded before the first episode (a source without one throws here)
  if (first.done || first.value.kind !== 'header') throw new Error(`${source}: the reader gave no header`);
  const audio = new Map<string, PreparedAudio>();
  async function prepare(chunk: readonly BatchEpisode[]): Promise<PreparedEpisode[]> {
    const fresh = [...new Set(chunk.flatMap((e) => e.audio.map((a) => a.path)))].filter((path) => !audio.has(path));
    // the writer reports progress by episodes written; the chunk's audio adds none of its own
    for (const [path, prepared] of await prepareAudio(fresh, { signal: options.signal })) audio.set(path, prepared);
    return chunk.map(prepareEpisode);
  }
  async function* chunks(): AsyncGenerator<PreparedEpisode[]> {
    let chunk: BatchEpisode[] = [];
    for (let item = items.next(); !item.done; item = items.next()) {
      if (item.value.kind !== 'episode') continue;
      chunk.push(item.value.episode);
      if (chunk.length < CHUNK_EPISODES) continue;
      yield await prepare(chunk);
      chunk = [];
    }
    if (chunk.length) yield await prepare(chunk);
  }
  return writeEpisodeChunks(db, first.value.header, audio, chunks(), options);
}

/** The one writer: puts an import's episodes into the database in a single transaction, or nothing at all. */
import type { Db } from '../db/open';
import { bulkWrite } from '../db/bulk-write';
import { ensureStudy } from '../db/studies';
import { inWriteTransaction } from '../db/transaction';
import { hasImport, recordImport } from '../db/imports';
import { refreshPlannerStatistics } from '../db/episode-writer';
import type { ImportSummary } from '../../shared/methods/imports';
import { computeAudioPeaksAndHash } from '../audio/audio-peaks';
import type { ImportBatch, ImportHeader } from './batch';
import { BatchInserter, type PreparedAudio } from './batch-inserter';
import { prepareEpisode, type PreparedEpisode } from './prepared-episode';

/** Options of a write. */
export interface WriteOptions {
  studyName?: string;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
}

/** Thrown inside the transaction to undo it when the same content was imported into the study before. */
class AlreadyImported extends Error {}

/** Writes `batch` into `db`; re-importing identical content changes nothing. */
export async function writeBatch(db: Db, batch: ImportBatch, options: WriteOptions): Promise<ImportSummary> {
  const audio = await prepareAudio([...new Set(batch.episodes.flatMap((e) => e.audio.map((a) => a.path)))], options);
  const episodes = batch.episodes.map(prepareEpisode);
  options.signal?.throwIfAborted();
  return writeEpisodeChunks(db, batch, audio, [episodes], options);
}

/**
 * Writes episodes that arrive chunk by chunk, in batch order, in one transaction: the chunks are taken while it is
 * open, so whatever produces them (e.g. threads reading the source) runs while earlier chunks are inserted. A chunk
 * source that throws undoes everything. When the study already has an import with the same content hash (computed from
 * the episodes' content hashes as they arrive), the transaction is undone too and the summary says `unchanged`.
 * The transaction is IMMEDIATE: it takes the write lock (waiting out the busy timeout) before its first read. A
 * deferred one would read, and then fail with `database is locked` at its first write if another connection (the web
 * host saving a label) had committed in between, a conflict WAL mode cannot wait out.
 */
export function writeEpisodeChunks(
  db: Db,
  header: ImportHeader,
  audio: ReadonlyMap<string, PreparedAudio>,
  chunks: Iterable<readonly PreparedEpisode[]>,
  options: WriteOptions,
): ImportSummary {
  const studyName = options.studyName ?? header.studyName;
  const summary: ImportSummary = {
    study: { id: 0, name: studyName },
    format: header.format,
    episodes: 0,
    turns: 0,
    audio: 0,
    judgements: 0,
    annotations: 0,
    skipped: 0,
    warnings: [],
    unchanged: false,
  };
  // the commit writes tens of megabytes to the log; copying them into the file is left to a worker thread
  bulkWrite(db, () => {
    try {
      inWriteTransaction(db, () => {
        const studyId = ensureStudy(
          db,
          {
            name: studyName,
            benchmark: header.benchmark,
            description: header.studyDescription,
            info: header.studyInfo,
          },
          options.now,
        );
        summary.study.id = studyId;
        const inserter = new BatchInserter(db, {
          studyId,
          benchmark: header.benchmark,
          format: header.format,
          source: header.source,
          audio,
          now: options.now,
          summary,
        });
        for (const chunk of chunks) inserter.insert(chunk);
        const hash = inserter.contentHash();
        if (hasImport(db, studyId, hash)) throw new AlreadyImported();
        recordImport(db, {
          studyId,
          format: header.format,
          source: header.source,
          contentHash: hash,
          importedAt: options.now.toISOString(),
        });
      });
    } catch (err) {
      if (!(err instanceof AlreadyImported)) throw err;
      Object.assign(summary, { episodes: 0, turns: 0, audio: 0, judgements: 0, annotations: 0, unchanged: true });
    }
    if (!summary.unchanged && summary.episodes > 0) refreshPlannerStatistics(db);
  });
  summary.skipped = header.skipped;
  summary.warnings = header.warnings;
  return summary;
}

/** Each audio file's content hash and peaks, one file after another, with progress; the first fault throws. */
async function prepareAudio(
  paths: readonly string[],
  options: Pick<WriteOptions, 'signal' | 'onProgress'>,
): Promise<Map<string, PreparedAudio>> {
  const out = new Map<string, PreparedAudio>();
  for (const [i, path] of paths.entries()) {
    options.signal?.throwIfAborted();
    options.onProgress?.(i, paths.length, `audio ${i + 1} of ${paths.length}`);
    out.set(path, await computeAudioPeaksAndHash(path));
  }
  return out;
}

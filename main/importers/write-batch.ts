/**
 * The one writer: puts an import's episodes into the database all at once or not at all, for every reader, while
 * holding the write lock only for short transactions, so that label saves on other connections go on meanwhile.
 */
import type { Db } from '../db/open';
import { discardStaging, keepStaging, openStaging, sweepAbandonedImports, type Staging } from '../db/import-staging';
import { finishPendingImport, hasImport } from '../db/imports';
import { bumpBrowseVersion, moveStudyEpisodes, refreshPlannerStatistics } from '../db/episode-writer';
import { deleteStudy, renameStudy, studyIdByName, writeStudyInfo } from '../db/studies';
import { inUnsyncedWriteTransaction, inWriteTransaction, othersCommitMark } from '../db/transaction';
import { DomainError } from '../domain/errors';
import type { ImportSummary } from '../../shared/methods/imports';
import { computeAudioPeaksAndHash } from '../audio/audio-peaks';
import type { ImportBatch, ImportHeader } from './batch';
import { BatchInserter, type PreparedAudio } from './batch-inserter';
import { prepareEpisode, type PreparedEpisode } from './prepared-episode';
import { TransactionPacer } from './transaction-pacer';

/** Options of a write. */
export interface WriteOptions {
  studyName?: string;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  /** Told the id of the import in progress once it has one (to remove what it wrote should its thread die). */
  onStaged?: (importId: number) => void;
}

/** Least time between two progress reports while episodes are written. */
const PROGRESS_EVERY_MS = 100;

/** Writes `batch` into `db`; re-importing identical content changes nothing. */
export async function writeBatch(db: Db, batch: ImportBatch, options: WriteOptions): Promise<ImportSummary> {
  const audio = await prepareAudio([...new Set(batch.episodes.flatMap((e) => e.audio.map((a) => a.path)))], options);
  const episodes = batch.episodes.map(prepareEpisode);
  options.signal?.throwIfAborted();
  return writeEpisodeChunks(db, batch, audio, [episodes], { ...options, total: episodes.length });
}

/**
 * Writes episodes that arrive chunk by chunk, in batch order. They go into the study they are imported into when it
 * exists, marked as the import's, else into a hidden study of the import's own (db/import-staging.ts), in short
 * IMMEDIATE transactions whose commits do not wait for the disk (TransactionPacer sizes them), with a pause after each
 * in which the event loop turns (progress, cancel) and other connections get the write lock. Chunks are taken between
 * transactions, so whatever produces them (threads reading the source, or an async source reading and decoding as it
 * goes) runs while no lock is held.
 *
 * One last transaction, synced to disk with all before it, completes the import: the import is marked done, which
 * shows the episodes it wrote into an existing study, or the hidden study takes its name, with the labels that came
 * with them. Until then no reader sees any of it. A chunk source that throws, a cancel, or any fault deletes what was written; so does a later open of the
 * database once the process is gone. When the study already has an import with the same content hash (computed from
 * the episodes' content hashes as they arrive), what was written is deleted too and the summary says `unchanged`.
 */
export async function writeEpisodeChunks(
  db: Db,
  header: ImportHeader,
  audio: ReadonlyMap<string, PreparedAudio>,
  chunks: Iterable<readonly PreparedEpisode[]> | AsyncIterable<readonly PreparedEpisode[]>,
  options: WriteOptions & { total?: number },
): Promise<ImportSummary> {
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
  sweepAbandonedImports(db);
  const staging = openStaging(
    db,
    { benchmark: header.benchmark, description: header.studyDescription, info: header.studyInfo },
    { format: header.format, path: header.source },
    options.now,
  );
  try {
    options.onStaged?.(staging.importId);
    const existing = studyIdByName(db, studyName);
    const inserter = new BatchInserter(db, {
      studyId: existing ?? staging.studyId,
      importId: existing === null ? null : staging.importId,
      priorStudyId: existing,
      benchmark: header.benchmark,
      format: header.format,
      source: header.source,
      audio,
      now: options.now,
      summary,
    });
    const pacer = new TransactionPacer();
    let mark = othersCommitMark(db);
    let reported = 0;
    for await (const chunk of chunks) {
      for (let from = 0; from < chunk.length;) {
        options.signal?.throwIfAborted();
        const part = chunk.slice(from, (from += pacer.size));
        inUnsyncedWriteTransaction(db, () =>
          pacer.time(part.length, () => {
            keepStaging(db, staging);
            insertInto(studyName, existing, () => inserter.insert(part));
          }),
        );
        const now = othersCommitMark(db);
        pacer.othersWrote(now !== mark);
        mark = now;
        if (performance.now() - reported >= PROGRESS_EVERY_MS) {
          reported = performance.now();
          options.onProgress?.(inserter.seen, options.total ?? 0, `wrote ${inserter.seen} episodes`);
        }
        await pacer.pause();
      }
    }
    options.signal?.throwIfAborted();
    const study = { name: studyName, info: header.studyInfo, into: existing };
    summary.unchanged = inWriteTransaction(db, () => complete(db, staging, inserter, study, options.now, summary));
  } catch (err) {
    try {
      discardStaging(db, staging.importId);
    } catch {
      // what was written stays hidden; an open of the database deletes it once this process is gone
    }
    throw err;
  }
  if (summary.unchanged) {
    discardStaging(db, staging.importId);
    Object.assign(summary, { episodes: 0, turns: 0, audio: 0, judgements: 0, annotations: 0 });
  } else if (summary.episodes > 0) {
    refreshPlannerStatistics(db);
  }
  summary.skipped = header.skipped;
  summary.warnings = header.warnings;
  return summary;
}

/**
 * Inserts episodes; into an existing study (`into`), refuses as a conflict what another writer did to it meanwhile:
 * it was deleted, or another import in progress is writing episodes with the same ids into it.
 */
function insertInto(name: string, into: number | null, insert: () => void): void {
  try {
    insert();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (into === null) throw err;
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      throw new DomainError('conflict', `"${name}": the study was deleted during the import`);
    }
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && /episode_rows\.external_id/.test((err as Error).message)) {
      throw new DomainError('conflict', `"${name}": another import is adding episodes with the same ids; import again`);
    }
    throw err;
  }
}

/**
 * Completes the import in one transaction; returns true (and changes nothing) when the study already has an import of
 * the same content. An import into an existing study (`into`) wrote there: marking it done shows its episodes. Else
 * the hidden study becomes the study `name` with the reader's final `info`, or, when a study of that name was made
 * meanwhile (by another import), its episodes move there (keeping its own info). Then the labels that came with them
 * are stored.
 */
function complete(
  db: Db,
  staging: Staging,
  inserter: BatchInserter,
  { name, info, into }: { name: string; info: Record<string, unknown>; into: number | null },
  now: Date,
  summary: ImportSummary,
): boolean {
  keepStaging(db, staging);
  const contentHash = inserter.contentHash();
  const existing = studyIdByName(db, name);
  if (existing !== null && hasImport(db, existing, contentHash)) {
    summary.study.id = existing;
    return true;
  }
  if (into !== null && existing !== into) {
    throw new DomainError('conflict', `"${name}": the study was renamed or deleted during the import`);
  }
  const studyId = existing ?? staging.studyId;
  if (existing === null) {
    renameStudy(db, staging.studyId, name);
    writeStudyInfo(db, staging.studyId, info); // a streamed reader may have learnt more by the end (VERA's tracks)
  } else if (into === null) {
    try {
      moveStudyEpisodes(db, staging.studyId, existing);
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw err;
      throw new DomainError('conflict', `"${name}": another import added episodes with the same ids meanwhile`);
    }
  }
  finishPendingImport(db, staging.importId, { studyId, contentHash, importedAt: now.toISOString() });
  if (into !== null) bumpBrowseVersion(db, into);
  if (existing !== null) deleteStudy(db, staging.studyId);
  inserter.insertLabels();
  summary.study.id = studyId;
  return false;
}

/** Each audio file's content hash and peaks, one file after another, with progress; the first fault throws. */
export async function prepareAudio(
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

/** The one writer: puts a normalized import batch into the database in a single transaction, or nothing at all. */
import { createHash } from 'node:crypto';
import type { Db } from '../db/open';
import { ensureStudy } from '../db/studies';
import type { ImportSummary } from '../../shared/methods/imports';
import { computeAudioPeaksAndHash } from '../audio/audio-peaks';
import type { BatchEpisode, ImportBatch } from './batch';
import { BatchInserter, type PreparedAudio } from './batch-inserter';

/** Options of a write. */
export interface WriteOptions {
  studyName?: string;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
}

/** Writes `batch` into `db`; re-importing identical content changes nothing. */
export async function writeBatch(db: Db, batch: ImportBatch, options: WriteOptions): Promise<ImportSummary> {
  const audio = await prepareAudio(batch, options);
  const episodeHashes = batch.episodes.map((e) => episodeHash(e, audio));
  const contentHash = batchHash(batch, episodeHashes);
  const studyName = options.studyName ?? batch.studyName;
  const summary: ImportSummary = {
    study: { id: 0, name: studyName },
    format: batch.format,
    episodes: 0,
    turns: 0,
    audio: 0,
    judgements: 0,
    annotations: 0,
    skipped: batch.skipped,
    warnings: batch.warnings,
    unchanged: false,
  };
  options.signal?.throwIfAborted();
  db.transaction(() => {
    const studyId = ensureStudy(db, { name: studyName, benchmark: batch.benchmark, description: batch.studyDescription, info: batch.studyInfo }, options.now);
    summary.study.id = studyId;
    const seen = db.prepare('SELECT 1 FROM imports WHERE study_id = ? AND content_hash = ?').get(studyId, contentHash);
    if (seen) {
      summary.unchanged = true;
      return;
    }
    new BatchInserter(db, studyId, batch, episodeHashes, audio, options.now, summary).insertAll();
    db.prepare('INSERT INTO imports (study_id, format, source, content_hash, imported_at) VALUES (?, ?, ?, ?, ?)').run(
      studyId,
      batch.format,
      batch.source,
      contentHash,
      options.now.toISOString(),
    );
  })();
  if (!summary.unchanged && summary.episodes > 0) refreshPlannerStatistics(db);
  return summary;
}

/** Re-reads the statistics the query planner uses for the episode browser, so filters and sorts walk the right index. */
function refreshPlannerStatistics(db: Db): void {
  db.exec('ANALYZE episodes; ANALYZE episode_conditions;');
}

async function prepareAudio(batch: ImportBatch, options: WriteOptions): Promise<Map<string, PreparedAudio>> {
  const paths = [...new Set(batch.episodes.flatMap((e) => e.audio.map((a) => a.path)))];
  const out = new Map<string, PreparedAudio>();
  for (const [i, path] of paths.entries()) {
    options.signal?.throwIfAborted();
    options.onProgress?.(i, paths.length, `audio ${i + 1} of ${paths.length}`);
    out.set(path, await computeAudioPeaksAndHash(path));
  }
  return out;
}

/** The batch's content hash, from the episodes' hashes (computed once here and reused by the inserter). */
function batchHash(batch: ImportBatch, episodeHashes: readonly string[]): string {
  const h = createHash('sha256');
  h.update(batch.format);
  for (const hash of episodeHashes) h.update(hash);
  return h.digest('hex');
}

const dropPath = (k: string, v: unknown) => (k === 'path' ? undefined : v);

/**
 * An episode's content hash: SHA-256 of the episode and its audio hashes as JSON with every `path` key left out (so
 * moving the files does not change it). JSON.stringify with a replacer function is several times slower than without,
 * so the episode is serialized with its audio paths removed up front; only if another `path` key remains somewhere
 * (e.g. in tool arguments) is the replacer used. Both produce the same text, hence the same hash.
 */
function episodeHash(e: BatchEpisode, audio: Map<string, PreparedAudio>): string {
  const audioHashes = e.audio.map((a) => [a.role, a.lanes, audio.get(a.path)?.sha256]);
  const withoutPaths = { ...e, audio: e.audio.map(({ path: _path, ...rest }) => rest) };
  let json = JSON.stringify([withoutPaths, audioHashes]);
  if (json.includes('"path":')) json = JSON.stringify([e, audioHashes], dropPath);
  return createHash('sha256').update(json).digest('hex');
}

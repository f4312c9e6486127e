/** The one writer: puts a normalized import batch into the database in a single transaction, or nothing at all. */
import { createHash } from 'node:crypto';
import type { Db } from '../db/open';
import { ensureStudy } from '../db/studies';
import { indexEpisodeForBrowse, refreshJudgeLabel } from '../db/episodes';
import type { Peaks } from '../audio/peaks';
import type { ImportSummary } from '../../shared/methods/imports';
import { computeAudioPeaksAndHash } from '../audio/audio-peaks';
import { ImportError, type BatchEpisode, type ImportBatch } from './batch';

/** Options of a write. */
export interface WriteOptions {
  studyName?: string;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
}

interface PreparedAudio {
  sha256: string;
  peaks: Peaks;
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

class BatchInserter {
  private readonly insertEpisode;
  private readonly insertTurn;
  private readonly insertJudgement;
  private readonly insertAnnotation;
  private readonly insertHistory;
  private readonly linkAudio;
  private readonly annotatorIds = new Map<string, number>();
  private readonly assetIds = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly studyId: number,
    private readonly batch: ImportBatch,
    private readonly episodeHashes: readonly string[],
    private readonly audio: Map<string, PreparedAudio>,
    private readonly now: Date,
    private readonly summary: ImportSummary,
  ) {
    this.insertEpisode = db.prepare(
      `INSERT INTO episodes (study_id, external_id, benchmark, system, task, trial, condition, outcome, reward, duration_ms, info, content_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertTurn = db.prepare(
      'INSERT INTO turns (episode_id, idx, speaker, start_ms, end_ms, text, words, tool) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertJudgement = db.prepare(
      `INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence, reward_breakdown, findings, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertAnnotation = db.prepare(
      `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, 'final', ?, ?)`,
    );
    this.insertHistory = db.prepare(
      `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at) VALUES (?, ?, ?, 'final', NULL, ?, 'import', ?)`,
    );
    this.linkAudio = db.prepare('INSERT OR IGNORE INTO episode_audio (episode_id, asset_id, role, lanes) VALUES (?, ?, ?, ?)');
  }

  insertAll(): void {
    const existing = this.db.prepare('SELECT id, content_hash FROM episodes WHERE study_id = ? AND external_id = ?');
    for (const [i, e] of this.batch.episodes.entries()) {
      const hash = this.episodeHashes[i];
      const prior = existing.get(this.studyId, e.externalId) as { id: number; content_hash: string } | undefined;
      if (prior) {
        if (prior.content_hash === hash) continue;
        throw new ImportError(this.batch.source, `episode ${i + 1} (${e.externalId})`, 'externalId', 'already in the study with different content; import into a new study instead');
      }
      this.insertOne(e, hash);
    }
  }

  private insertOne(e: BatchEpisode, hash: string): void {
    const t = this.now.toISOString();
    const res = this.insertEpisode.run(
      this.studyId, e.externalId, this.batch.benchmark, e.system, e.task, e.trial, JSON.stringify(e.condition),
      e.outcome, e.reward, e.durationMs, JSON.stringify(e.info), hash,
    );
    const episodeId = Number(res.lastInsertRowid);
    this.summary.episodes++;
    e.turns.forEach((turn, idx) => {
      this.insertTurn.run(episodeId, idx, turn.speaker, turn.startMs, turn.endMs, turn.text,
        turn.words ? JSON.stringify(turn.words) : null, turn.tool ? JSON.stringify(turn.tool) : null);
      this.summary.turns++;
    });
    for (const a of e.audio) {
      this.linkAudio.run(episodeId, this.assetId(a.path), a.role, JSON.stringify(a.lanes));
    }
    for (const j of e.judgements) {
      this.insertJudgement.run(episodeId, j.judgeId, j.judgeVersion ?? '', j.label, j.rationale ?? '', JSON.stringify(j.categories ?? []),
        JSON.stringify(j.votes ?? []), j.confidence ?? null, j.rewardBreakdown ? JSON.stringify(j.rewardBreakdown) : null,
        JSON.stringify(j.findings ?? []), t);
      this.summary.judgements++;
    }
    for (const a of e.annotations) {
      const annotatorId = this.annotatorId(a.annotator);
      const value = JSON.stringify(a.value);
      this.insertAnnotation.run(episodeId, annotatorId, a.field, value, t);
      this.insertHistory.run(episodeId, annotatorId, a.field, value, t);
      this.summary.annotations++;
    }
    if (e.judgements.length > 0) refreshJudgeLabel(this.db, episodeId);
    indexEpisodeForBrowse(this.db, episodeId, e.condition, e.turns.map((x) => x.text));
  }

  private assetId(path: string): number {
    const cached = this.assetIds.get(path);
    if (cached) return cached;
    const prepared = this.audio.get(path)!;
    const found = this.db.prepare('SELECT id FROM audio_assets WHERE sha256 = ?').get(prepared.sha256) as { id: number } | undefined;
    let id = found?.id;
    if (!id) {
      const { info, peaksPerSecond, data } = prepared.peaks;
      const res = this.db
        .prepare(
          `INSERT INTO audio_assets (path, sha256, format, sample_rate, channels, duration_ms, peaks_per_second, peaks)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(path, prepared.sha256, info.format, info.sampleRate, info.channels, info.durationMs, peaksPerSecond, Buffer.from(data));
      id = Number(res.lastInsertRowid);
      this.summary.audio++;
    }
    this.assetIds.set(path, id);
    return id;
  }

  private annotatorId(name: string): number {
    const cached = this.annotatorIds.get(name);
    if (cached) return cached;
    const row = this.db.prepare('SELECT id FROM annotators WHERE name = ?').get(name) as { id: number } | undefined;
    const id =
      row?.id ??
      Number(
        this.db
          .prepare('INSERT INTO annotators (name, initials, created_at) VALUES (?, ?, ?)')
          .run(name, name.slice(0, 2).toUpperCase(), this.now.toISOString()).lastInsertRowid,
      );
    this.annotatorIds.set(name, id);
    return id;
  }
}

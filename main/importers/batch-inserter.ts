/** The inserts of one import, inside the writer's transaction: episodes, their turns, audio, judgements, labels and browse index. */
import { createHash, type Hash } from 'node:crypto';
import type { Db } from '../db/open';
import { RowInserter } from '../db/insert-rows';
import type { Peaks } from '../audio/peaks';
import type { ImportSummary } from '../../shared/methods/imports';
import { ImportError } from './batch';
import { ANNOTATION_WIDTH, AUDIO_WIDTH, contentHash, JUDGEMENT_WIDTH, TURN_WIDTH, type PreparedEpisode } from './prepared-episode';

/** An audio file's content hash and peaks, computed before the transaction. */
export interface PreparedAudio {
  sha256: string;
  peaks: Peaks;
}

/** Where an import writes and what it reports. */
export interface InsertTarget {
  studyId: number;
  benchmark: string;
  /** The file or folder imported, for messages. */
  source: string;
  /** Every audio file the episodes link, by absolute path (filled in before the episodes that link it are inserted). */
  audio: ReadonlyMap<string, PreparedAudio>;
  format: string;
  now: Date;
  summary: ImportSummary;
}

/**
 * Rows of one kind for many episodes, ready for a RowInserter: each row of `width` values from `part(e)` gets the
 * episode id in front and `extra` (if given) behind.
 */
function rowsOf(fresh: readonly [number, PreparedEpisode, string][], part: (e: PreparedEpisode) => unknown[], width: number, extra?: unknown): unknown[] {
  const out: unknown[] = [];
  for (const [id, e] of fresh) {
    const values = part(e);
    for (let i = 0; i < values.length; i += width) {
      out.push(id);
      for (let k = i; k < i + width; k++) out.push(values[k]);
      if (extra !== undefined) out.push(extra);
    }
  }
  return out;
}

/** Inserts an import's episodes into one study, chunk by chunk in batch order; call inside one transaction. */
export class BatchInserter {
  private readonly episodes;
  private readonly conditions;
  private readonly turns;
  private readonly text;
  private readonly judgements;
  private readonly insertAnnotation;
  private readonly insertHistory;
  private readonly linkAudio;
  private readonly existingHash;
  private readonly inBatch = new Map<string, string>();
  private readonly annotatorIds = new Map<string, number>();
  private readonly assetIds = new Map<string, number>();
  private readonly createdAt: string;
  private nextId: number;
  private ordinal = 0;
  private readonly importHash: Hash;

  constructor(
    private readonly db: Db,
    private readonly target: InsertTarget,
  ) {
    this.createdAt = target.now.toISOString();
    this.importHash = createHash('sha256').update(target.format);
    // episode rows many to a statement (triggers on episodes make each statement costly), with ids assigned here
    this.episodes = new RowInserter(
      db,
      'INSERT INTO episodes (id, study_id, external_id, benchmark, content_hash, system, task, trial, condition, outcome, reward, duration_ms, info, judge_label)',
      14,
    );
    this.conditions = new RowInserter(db, 'INSERT OR IGNORE INTO episode_conditions (episode_id, key, value)', 3);
    this.turns = new RowInserter(db, 'INSERT INTO turns (episode_id, idx, speaker, start_ms, end_ms, text, words, tool)', 1 + TURN_WIDTH, 32);
    this.text = new RowInserter(db, 'INSERT INTO episode_text (rowid, text)', 2, 32);
    this.judgements = new RowInserter(
      db,
      'INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence, reward_breakdown, findings, created_at)',
      2 + JUDGEMENT_WIDTH,
      32,
    );
    this.insertAnnotation = db.prepare(
      `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, 'final', ?, ?)`,
    );
    this.insertHistory = db.prepare(
      `INSERT INTO label_history (episode_id, annotator_id, field, phase, old_value, new_value, action, at) VALUES (?, ?, ?, 'final', NULL, ?, 'import', ?)`,
    );
    this.linkAudio = db.prepare('INSERT OR IGNORE INTO episode_audio (episode_id, asset_id, role, lanes) VALUES (?, ?, ?, ?)');
    this.existingHash = db.prepare('SELECT content_hash FROM episodes WHERE study_id = ? AND external_id = ?').pluck();
    this.nextId = (db.prepare('SELECT coalesce(max(id), 0) FROM episodes').pluck().get() as number) + 1;
  }

  /**
   * Inserts the next episodes of the batch with the ids SQLite would give them one by one (max id + 1, …). One already
   * in the study (or earlier in the batch) with the same content hash is skipped; with another, refused.
   */
  insert(chunk: readonly PreparedEpisode[]): void {
    const fresh: [number, PreparedEpisode, string][] = [];
    for (const episode of chunk) {
      this.ordinal++;
      const hash = contentHash(episode, (path) => this.audio(path).sha256);
      this.importHash.update(hash);
      const prior = this.inBatch.get(episode.externalId) ?? (this.existingHash.get(this.target.studyId, episode.externalId) as string | undefined);
      if (prior === hash) continue;
      if (prior !== undefined) {
        throw new ImportError(this.target.source, `episode ${this.ordinal} (${episode.externalId})`, 'externalId', 'already in the study with different content; import into a new study instead');
      }
      this.inBatch.set(episode.externalId, hash);
      fresh.push([this.nextId++, episode, hash]);
    }
    const { studyId, benchmark } = this.target;
    const rows: unknown[] = [];
    const pairs: unknown[] = [];
    for (const [id, e, hash] of fresh) {
      rows.push(id, studyId, e.externalId, benchmark, hash, ...e.columns);
      for (let i = 0; i < e.conditions.length; i += 2) pairs.push(id, e.conditions[i], e.conditions[i + 1]);
    }
    this.episodes.run(rows);
    this.conditions.run(pairs);
    this.text.run(fresh.flatMap(([id, e]) => [id, e.text]));
    this.turns.run(rowsOf(fresh, (e) => e.turns, TURN_WIDTH));
    this.judgements.run(rowsOf(fresh, (e) => e.judgements, JUDGEMENT_WIDTH, this.createdAt));
    for (const [id, e] of fresh) this.insertParts(id, e);
    const { summary } = this.target;
    summary.episodes += fresh.length;
    for (const [, e] of fresh) {
      summary.turns += e.turns.length / TURN_WIDTH;
      summary.judgements += e.judgements.length / JUDGEMENT_WIDTH;
    }
  }

  /** The import's content hash: its format and every episode's content hash, in order (call after the last chunk). */
  contentHash(): string {
    return this.importHash.digest('hex');
  }

  /** Audio links and imported labels, which few episodes have. */
  private insertParts(id: number, e: PreparedEpisode): void {
    const { summary } = this.target;
    for (let i = 0; i < e.audio.length; i += AUDIO_WIDTH) this.linkAudio.run(id, this.assetId(e.audio[i] as string), e.audio[i + 1], e.audio[i + 2]);
    for (let i = 0; i < e.annotations.length; i += ANNOTATION_WIDTH) {
      const annotatorId = this.annotatorId(e.annotations[i] as string);
      this.insertAnnotation.run(id, annotatorId, e.annotations[i + 1], e.annotations[i + 2], this.createdAt);
      this.insertHistory.run(id, annotatorId, e.annotations[i + 1], e.annotations[i + 2], this.createdAt);
      summary.annotations++;
    }
  }

  private audio(path: string): PreparedAudio {
    const prepared = this.target.audio.get(path);
    if (!prepared) throw new Error(`${path}: audio linked by an episode was not prepared before it`);
    return prepared;
  }

  private assetId(path: string): number {
    const cached = this.assetIds.get(path);
    if (cached) return cached;
    const prepared = this.audio(path);
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
      this.target.summary.audio++;
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
          .run(name, name.slice(0, 2).toUpperCase(), this.createdAt).lastInsertRowid,
      );
    this.annotatorIds.set(name, id);
    return id;
  }
}

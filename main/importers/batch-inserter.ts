/** The inserts of one batch, inside the writer's transaction: episodes, their turns, audio, judgements, labels and browse index. */
import type { Db } from '../db/open';
import { indexEpisodesForBrowse } from '../db/episodes';
import { RowInserter } from '../db/insert-rows';
import type { Peaks } from '../audio/peaks';
import type { ImportSummary } from '../../shared/methods/imports';
import { ImportError, type BatchEpisode, type ImportBatch } from './batch';

/** An audio file's content hash and peaks, computed before the transaction. */
export interface PreparedAudio {
  sha256: string;
  peaks: Peaks;
}

/** An episode to insert, with the id it gets. */
interface NewEpisode {
  id: number;
  episode: BatchEpisode;
  hash: string;
}

/** Inserts a batch's episodes into one study; call inside a transaction. */
export class BatchInserter {
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

  /** Inserts every episode not already in the study; refuses one that is there with different content. */
  insertAll(): void {
    const fresh = this.newEpisodes();
    // episode rows many to a statement (triggers on episodes make each statement costly), with the ids assigned above
    new RowInserter(
      this.db,
      `INSERT INTO episodes (id, study_id, external_id, benchmark, system, task, trial, condition, outcome, reward, duration_ms, info, content_hash, judge_label)`,
      14,
    ).run(fresh.map(({ id, episode: e, hash }) => [
      id, this.studyId, e.externalId, this.batch.benchmark, e.system, e.task, e.trial, JSON.stringify(e.condition),
      e.outcome, e.reward, e.durationMs, JSON.stringify(e.info), hash,
      // the judge label is the latest judgement's: the last of those inserted below
      e.judgements.at(-1)?.label ?? null,
    ]));
    this.summary.episodes += fresh.length;
    for (const n of fresh) this.insertParts(n);
    indexEpisodesForBrowse(this.db, fresh.map(({ id, episode: e }) => ({ episodeId: id, condition: e.condition, turnTexts: e.turns.map((t) => t.text) })));
  }

  /**
   * The batch's episodes that are not in the study yet, with the ids SQLite would give them one by one (max id + 1, …).
   * An episode already there (or earlier in the batch) with the same content hash is skipped; with another, refused.
   */
  private newEpisodes(): NewEpisode[] {
    const existing = this.db.prepare('SELECT content_hash FROM episodes WHERE study_id = ? AND external_id = ?').pluck();
    const inBatch = new Map<string, string>();
    let next = (this.db.prepare('SELECT coalesce(max(id), 0) FROM episodes').pluck().get() as number) + 1;
    const fresh: NewEpisode[] = [];
    for (const [i, episode] of this.batch.episodes.entries()) {
      const hash = this.episodeHashes[i];
      const prior = inBatch.get(episode.externalId) ?? (existing.get(this.studyId, episode.externalId) as string | undefined);
      if (prior === hash) continue;
      if (prior !== undefined) {
        throw new ImportError(this.batch.source, `episode ${i + 1} (${episode.externalId})`, 'externalId', 'already in the study with different content; import into a new study instead');
      }
      inBatch.set(episode.externalId, hash);
      fresh.push({ id: next++, episode, hash });
    }
    return fresh;
  }

  private insertParts({ id: episodeId, episode: e }: NewEpisode): void {
    const t = this.now.toISOString();
    e.turns.forEach((turn, idx) => {
      this.insertTurn.run(episodeId, idx, turn.speaker, turn.startMs, turn.endMs, turn.text,
        turn.words ? JSON.stringify(turn.words) : null, turn.tool ? JSON.stringify(turn.tool) : null);
    });
    this.summary.turns += e.turns.length;
    for (const a of e.audio) {
      this.linkAudio.run(episodeId, this.assetId(a.path), a.role, JSON.stringify(a.lanes));
    }
    for (const j of e.judgements) {
      this.insertJudgement.run(episodeId, j.judgeId, j.judgeVersion ?? '', j.label, j.rationale ?? '', JSON.stringify(j.categories ?? []),
        JSON.stringify(j.votes ?? []), j.confidence ?? null, j.rewardBreakdown ? JSON.stringify(j.rewardBreakdown) : null,
        JSON.stringify(j.findings ?? []), t);
    }
    this.summary.judgements += e.judgements.length;
    for (const a of e.annotations) {
      const annotatorId = this.annotatorId(a.annotator);
      const value = JSON.stringify(a.value);
      this.insertAnnotation.run(episodeId, annotatorId, a.field, value, t);
      this.insertHistory.run(episodeId, annotatorId, a.field, value, t);
    }
    this.summary.annotations += e.annotations.length;
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

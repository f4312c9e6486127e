/**
 * What one import inserts, in the writer's transactions: which episodes are new (content hashes), their ids, and their
 * rows and audio into the import's hidden study; the labels that came with them once the import completes. All
 * through the main/db owners.
 */
import { createHash, type Hash } from 'node:crypto';
import type { Db } from '../db/open';
import { EpisodeWriter } from '../db/episode-writer';
import { assetIdBySha256, insertAudioAsset } from '../db/audio';
import { annotatorIdByName, insertAnnotator } from '../db/annotators';
import { insertImportedLabel } from '../db/labels';
import type { Peaks } from '../audio/peaks';
import type { ImportSummary } from '../../shared/methods/imports';
import { ImportError } from './batch';
import {
  ANNOTATION_WIDTH,
  AUDIO_WIDTH,
  contentHash,
  JUDGEMENT_WIDTH,
  TURN_WIDTH,
  type PreparedEpisode,
} from './prepared-episode';

/** An audio file's content hash and peaks, computed before the transaction. */
export interface PreparedAudio {
  sha256: string;
  peaks: Peaks;
}

/** Where an import writes and what it reports. */
export interface InsertTarget {
  /** Where the episodes are written: the study they are imported into when it exists already, else the hidden study. */
  studyId: number;
  /**
   * The import in progress, when it writes into an existing study: its rows carry its id, which hides them from every
   * reader until it completes (migration 19); null in the import's hidden study, which no reader lists.
   */
  importId: number | null;
  /** The study the episodes are imported into, when it exists already: episodes it holds are not imported again. */
  priorStudyId: number | null;
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
 * Rows of one kind for many episodes, ready for the EpisodeWriter: each row of `width` values from `part(e)` gets the
 * episode id in front and `extra` (if given) behind.
 */
function rowsOf(
  fresh: readonly [number, PreparedEpisode, string][],
  part: (e: PreparedEpisode) => unknown[],
  width: number,
  extra?: unknown,
): unknown[] {
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

/** A label that came with an episode, stored when the import completes: episode id, annotator, field, value (JSON). */
type ImportedLabel = [number, string, string, string];

/** Inserts an import's episodes, chunk by chunk in batch order, each chunk inside one of the writer's transactions. */
export class BatchInserter {
  private readonly rows: EpisodeWriter;
  private readonly inBatch = new Map<string, string>();
  private readonly annotatorIds = new Map<string, number>();
  private readonly assetIds = new Map<string, number>();
  private readonly labels: ImportedLabel[] = [];
  private readonly createdAt: string;
  private nextId = 0;
  private ordinal = 0;
  private readonly importHash: Hash;

  constructor(
    private readonly db: Db,
    private readonly target: InsertTarget,
  ) {
    this.createdAt = target.now.toISOString();
    this.importHash = createHash('sha256').update(target.format);
    this.rows = new EpisodeWriter(db);
  }

  /** Episodes of the batch seen so far (inserted or skipped). */
  get seen(): number {
    return this.ordinal;
  }

  /**
   * Inserts the next episodes of the batch with the ids SQLite would give them one by one (max id + 1, …; past any
   * episode another connection wrote since the last chunk). One already in the study (or earlier in the batch) with
   * the same content hash is skipped; with another, refused.
   */
  insert(chunk: readonly PreparedEpisode[]): void {
    this.nextId = Math.max(this.nextId, this.rows.nextEpisodeId());
    const fresh: [number, PreparedEpisode, string][] = [];
    for (const episode of chunk) {
      this.ordinal++;
      const hash = contentHash(episode, (path) => this.audio(path).sha256);
      this.importHash.update(hash);
      const { priorStudyId } = this.target;
      const prior =
        this.inBatch.get(episode.externalId) ??
        (priorStudyId === null ? undefined : this.rows.storedContentHash(priorStudyId, episode.externalId));
      if (prior === hash) continue;
      if (prior !== undefined) {
        throw new ImportError(
          this.target.source,
          `episode ${this.ordinal} (${episode.externalId})`,
          'externalId',
          'already in the study with different content; import into a new study instead',
        );
      }
      this.inBatch.set(episode.externalId, hash);
      fresh.push([this.nextId++, episode, hash]);
    }
    const { studyId, benchmark, importId } = this.target;
    const rows: unknown[] = [];
    const pairs: unknown[] = [];
    for (const [id, e, hash] of fresh) {
      rows.push(id, studyId, e.externalId, benchmark, hash, ...e.columns, importId);
      for (let i = 0; i < e.conditions.length; i += 2) pairs.push(id, e.conditions[i], e.conditions[i + 1]);
    }
    this.rows.insertEpisodes(rows);
    this.rows.insertConditions(pairs);
    this.rows.insertSearchText(fresh.flatMap(([id, e]) => [id, e.text]));
    this.rows.insertTurns(rowsOf(fresh, (e) => e.turns, TURN_WIDTH));
    this.rows.insertJudgements(rowsOf(fresh, (e) => e.judgements, JUDGEMENT_WIDTH, this.createdAt));
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

  /**
   * Stores the labels that came with the episodes, creating their annotators; call in the transaction that completes
   * the import, so that labels, their history and annotators appear with the episodes or not at all.
   */
  insertLabels(): void {
    for (const [episodeId, annotator, field, value] of this.labels) {
      insertImportedLabel(
        this.db,
        { episodeId, annotatorId: this.annotatorId(annotator), field },
        value,
        this.createdAt,
      );
      this.target.summary.annotations++;
    }
  }

  /** Audio links, and the labels kept for the end; few episodes have either. */
  private insertParts(id: number, e: PreparedEpisode): void {
    for (let i = 0; i < e.audio.length; i += AUDIO_WIDTH)
      this.rows.linkAudio(id, this.assetId(e.audio[i] as string), e.audio[i + 1], e.audio[i + 2]);
    for (let i = 0; i < e.annotations.length; i += ANNOTATION_WIDTH) {
      const [annotator, field, value] = e.annotations.slice(i, i + ANNOTATION_WIDTH) as [string, string, string];
      this.labels.push([id, annotator, field, value]);
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
    let id = assetIdBySha256(this.db, prepared.sha256);
    if (!id) {
      const { info, peaksPerSecond, data } = prepared.peaks;
      id = insertAudioAsset(this.db, {
        path,
        sha256: prepared.sha256,
        format: info.format,
        sampleRate: info.sampleRate,
        channels: info.channels,
        durationMs: info.durationMs,
        peaksPerSecond,
        peaks: Buffer.from(data),
      });
      this.target.summary.audio++;
    }
    this.assetIds.set(path, id);
    return id;
  }

  private annotatorId(name: string): number {
    const cached = this.annotatorIds.get(name);
    if (cached) return cached;
    const id =
      annotatorIdByName(this.db, name) ??
      insertAnnotator(this.db, {
        name,
        initials: name.slice(0, 2).toUpperCase(),
        role: 'annotator',
        createdAt: this.createdAt,
      });
    this.annotatorIds.set(name, id);
    return id;
  }
}

/** Reads of a study's episodes and turns in one pass each, for the metrics, the judge and the runner. */
import type { Db } from './open';
import type { Benchmark, EpisodeRow, Speaker } from '../../shared/domain';
import { EPISODE_COLUMNS, toEpisodeRow, type EpisodeDbRow } from './episodes';

/** The id of the study's episode with this external id, or null. */
export function episodeIdByExternalId(db: Db, studyId: number, externalId: string): number | null {
  const row = db.prepare('SELECT id FROM episodes WHERE study_id = ? AND external_id = ?').get(studyId, externalId) as
    { id: number } | undefined;
  return row?.id ?? null;
}

/** Every episode of the study as listed, with its info (JSON text), in import order. */
export function studyEpisodesWithInfo(db: Db, studyId: number): { episode: EpisodeRow; infoJson: string }[] {
  const rows = db
    .prepare(`SELECT ${EPISODE_COLUMNS}, e.info FROM episodes e WHERE e.study_id = ? ORDER BY e.id`)
    .all(studyId) as (EpisodeDbRow & { info: string })[];
  return rows.map((r) => ({ episode: toEpisodeRow(r), infoJson: r.info }));
}

/** The external id, system and info (JSON text) of each episode of the study, by external id. */
export function* studyEpisodeInfos(
  db: Db,
  studyId: number,
): Generator<{ externalId: string; system: string; infoJson: string }> {
  const rows = db
    .prepare('SELECT external_id, system, info FROM episodes WHERE study_id = ? ORDER BY external_id')
    .iterate(studyId) as Iterable<{ external_id: string; system: string; info: string }>;
  for (const r of rows) yield { externalId: r.external_id, system: r.system, infoJson: r.info };
}

/** An episode as a judge reads it: benchmark, condition, info and every turn's speaker, text and times. */
export interface EpisodeTranscript {
  id: number;
  externalId: string;
  benchmark: Benchmark;
  condition: Record<string, string>;
  info: Record<string, unknown>;
  turns: { speaker: Speaker; text: string; startMs: number | null; endMs: number | null }[];
}

/** The episodes of a study with their turns in order, in import order. */
export function studyEpisodeTranscripts(db: Db, studyId: number): EpisodeTranscript[] {
  const rows = db
    .prepare('SELECT id, external_id, benchmark, condition, info FROM episodes WHERE study_id = ? ORDER BY id')
    .all(studyId) as { id: number; external_id: string; benchmark: Benchmark; condition: string; info: string }[];
  const turns = db.prepare('SELECT speaker, text, start_ms, end_ms FROM turns WHERE episode_id = ? ORDER BY idx');
  return rows.map((r) => ({
    id: r.id,
    externalId: r.external_id,
    benchmark: r.benchmark,
    condition: JSON.parse(r.condition) as Record<string, string>,
    info: JSON.parse(r.info) as Record<string, unknown>,
    turns: (
      turns.all(r.id) as { speaker: Speaker; text: string; start_ms: number | null; end_ms: number | null }[]
    ).map((t) => ({ speaker: t.speaker, text: t.text, startMs: t.start_ms, endMs: t.end_ms })),
  }));
}

/** The tool events of the study's episodes (turns with a tool, as JSON text), by episode id and turn order. */
export function* studyToolTurns(
  db: Db,
  studyId: number,
): Generator<{ episodeId: number; speaker: string; toolJson: string }> {
  const rows = db
    .prepare(
      `SELECT t.episode_id, t.speaker, t.tool FROM turns t JOIN episodes e ON e.id = t.episode_id
       WHERE e.study_id = ? AND t.tool IS NOT NULL ORDER BY t.episode_id, t.idx`,
    )
    .iterate(studyId) as Iterable<{ episode_id: number; speaker: string; tool: string }>;
  for (const r of rows) yield { episodeId: r.episode_id, speaker: r.speaker, toolJson: r.tool };
}

/** The speech turns (no tool events) of the study's episodes with their times, by episode id and turn order. */
export function* studySpeechTurns(
  db: Db,
  studyId: number,
): Generator<{ episodeId: number; speaker: string; startMs: number | null; endMs: number | null }> {
  const rows = db
    .prepare(
      `SELECT t.episode_id, t.speaker, t.start_ms, t.end_ms FROM turns t JOIN episodes e ON e.id = t.episode_id
       WHERE e.study_id = ? AND t.tool IS NULL ORDER BY t.episode_id, t.idx`,
    )
    .iterate(studyId) as Iterable<{
    episode_id: number;
    speaker: string;
    start_ms: number | null;
    end_ms: number | null;
  }>;
  for (const r of rows) yield { episodeId: r.episode_id, speaker: r.speaker, startMs: r.start_ms, endMs: r.end_ms };
}

/** The text of the study's user speech turns (no tool events), by episode id and turn order. */
export function* studyUserTurnTexts(db: Db, studyId: number): Generator<{ episodeId: number; text: string }> {
  const rows = db
    .prepare(
      `SELECT t.episode_id, t.text FROM turns t JOIN episodes e ON e.id = t.episode_id
       WHERE e.study_id = ? AND t.speaker = 'user' AND t.tool IS NULL ORDER BY t.episode_id, t.idx`,
    )
    .iterate(studyId) as Iterable<{ episode_id: number; text: string }>;
  for (const r of rows) yield { episodeId: r.episode_id, text: r.text };
}

/** One group of a study's episodes that agree on every key the metrics' family reads, with its size. */
export interface EpisodeFamilyKeys {
  benchmark: Benchmark;
  /** `condition.benchmark` as stored: text, or the JSON text of an array or object, or a number; null when absent. */
  conditionBenchmark: string | number | null;
  conditionBenchmarkType: string | null;
  /** `info.benchmark` when it is text, else null. */
  infoBenchmark: string | null;
  episodes: number;
  /** Episodes with a reward. */
  rewarded: number;
  firstId: number;
}

/** The study's episodes grouped by benchmark, `condition.benchmark` and `info.benchmark`, in order of first episode. */
export function studyEpisodeFamilyKeys(db: Db, studyId: number): EpisodeFamilyKeys[] {
  const rows = db
    .prepare(
      `SELECT benchmark, json_extract(condition, '$.benchmark') AS cb, json_type(condition, '$.benchmark') AS ct,
              CASE json_type(info, '$.benchmark') WHEN 'text' THEN json_extract(info, '$.benchmark') END AS ib,
              count(*) AS n, count(reward) AS rewarded, min(id) AS first
       FROM episodes WHERE study_id = ? GROUP BY 1, 2, 3, 4 ORDER BY first`,
    )
    .all(studyId) as {
    benchmark: Benchmark;
    cb: string | number | null;
    ct: string | null;
    ib: string | null;
    n: number;
    rewarded: number;
    first: number;
  }[];
  return rows.map((r) => ({
    benchmark: r.benchmark,
    conditionBenchmark: r.cb,
    conditionBenchmarkType: r.ct,
    infoBenchmark: r.ib,
    episodes: r.n,
    rewarded: r.rewarded,
    firstId: r.first,
  }));
}

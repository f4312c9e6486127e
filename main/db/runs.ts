/** The runs and run_episodes tables (migration 003): the only module that reads or writes them. */
import type { Db } from './open';
import type { Benchmark } from '../../shared/domain';
import type { RunEpisodeState, RunStatus, RunSummary } from '../../shared/types/runs';

/** A run as stored. */
export interface RunRow {
  id: number;
  study_id: number | null;
  study_name: string;
  set_path: string;
  set_name: string;
  set_hash: string;
  benchmark: Benchmark;
  system_id: string;
  system_kind: 'realtime' | 'cascade' | 'text' | 'gemini-live';
  system_config: string;
  judge_config: string | null;
  repeats: number;
  concurrency: number;
  planned: number;
  out_dir: string;
  status: Exclude<RunStatus, 'interrupted'>;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** What a new run records. */
export type NewRun = Omit<RunRow, 'id' | 'status' | 'error' | 'finished_at'>;

/** Inserts a run in state `running`; returns its id. */
export function insertRun(db: Db, run: NewRun): number {
  const res = db
    .prepare(
      `INSERT INTO runs (study_id, study_name, set_path, set_name, set_hash, benchmark, system_id, system_kind, system_config, judge_config,
         repeats, concurrency, planned, out_dir, status, created_at)
       VALUES (@study_id, @study_name, @set_path, @set_name, @set_hash, @benchmark, @system_id, @system_kind, @system_config, @judge_config,
         @repeats, @concurrency, @planned, @out_dir, 'running', @created_at)`,
    )
    .run(run);
  return Number(res.lastInsertRowid);
}

/** The stored run, or null. */
export function getRunRow(db: Db, runId: number): RunRow | null {
  return (db.prepare('SELECT * FROM runs WHERE id = ?').get(runId) as RunRow | undefined) ?? null;
}

/** Sets a run's state (and its end time unless it is running again). */
export function setRunStatus(db: Db, runId: number, status: RunRow['status'], error: string | null, now: Date): void {
  db.prepare('UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(status, error, status === 'running' ? null : now.toISOString(), runId);
}

/** The outcome of one planned episode. */
export interface EpisodeOutcome {
  itemId: string;
  trial: number;
  externalId: string;
  status: 'done' | 'failed';
  episodeId: number | null;
  firstAudioMs: number | null;
  label: string | null;
  reward: number | null;
  attempts: number;
  error: string | null;
}

/** Records (or replaces) the outcome of a planned episode. */
export function recordEpisode(db: Db, runId: number, o: EpisodeOutcome, now: Date): void {
  db.prepare(
    `INSERT OR REPLACE INTO run_episodes (run_id, item_id, trial, external_id, status, episode_id, first_audio_ms, label, reward, attempts, error, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(runId, o.itemId, o.trial, o.externalId, o.status, o.episodeId, o.firstAudioMs, o.label, o.reward, o.attempts, o.error, now.toISOString());
}

/** Keys (`item#trial`) of the planned episodes already done. */
export function doneKeys(db: Db, runId: number): Set<string> {
  const rows = db.prepare("SELECT item_id, trial FROM run_episodes WHERE run_id = ? AND status = 'done'").all(runId) as { item_id: string; trial: number }[];
  return new Set(rows.map((r) => `${r.item_id}#${r.trial}`));
}

interface EpisodeDbRow {
  item_id: string;
  trial: number;
  external_id: string;
  status: 'done' | 'failed';
  episode_id: number | null;
  first_audio_ms: number | null;
  label: string | null;
  reward: number | null;
  attempts: number;
  error: string | null;
}

/** The planned episodes of a run that have an outcome, with their rewards. */
export function listRunEpisodes(db: Db, runId: number): (RunEpisodeState & { reward: number | null })[] {
  const rows = db.prepare('SELECT * FROM run_episodes WHERE run_id = ? ORDER BY item_id, trial').all(runId) as EpisodeDbRow[];
  return rows.map((r) => ({
    itemId: r.item_id,
    trial: r.trial,
    status: r.status,
    externalId: r.external_id,
    episodeId: r.episode_id,
    firstAudioMs: r.first_audio_ms,
    label: r.label,
    reward: r.reward,
    error: r.error,
    attempts: r.attempts,
  }));
}

/** A stored run as listed; `jobOf` tells which runs have a live job in this process. */
export function toRunSummary(db: Db, r: RunRow, jobOf: (runId: number) => string | null): RunSummary {
  const counts = db.prepare("SELECT SUM(status = 'done') AS done, SUM(status = 'failed') AS failed FROM run_episodes WHERE run_id = ?").get(r.id) as { done: number | null; failed: number | null };
  const jobId = jobOf(r.id);
  return {
    id: r.id,
    studyId: r.study_id,
    studyName: r.study_name,
    setPath: r.set_path,
    setName: r.set_name,
    benchmark: r.benchmark,
    systemId: r.system_id,
    systemKind: r.system_kind,
    repeats: r.repeats,
    status: r.status === 'running' && !jobId ? 'interrupted' : r.status,
    planned: r.planned,
    done: counts.done ?? 0,
    failed: counts.failed ?? 0,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    jobId,
    error: r.error,
  };
}

/** Every run, newest first. */
export function listRunRows(db: Db): RunRow[] {
  return db.prepare('SELECT * FROM runs ORDER BY id DESC').all() as RunRow[];
}

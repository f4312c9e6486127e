/**
 * Runs an episode set against a system as a job: items × repeats with a concurrency limit, each episode recorded,
 * optionally judged, and written through the one import writer into the run's study as soon as it is done. Episodes
 * already done are skipped, so a cancelled or interrupted run resumes where it stopped.
 */
import { setMaxListeners } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Services } from '../services/services';
import type { JobContext } from '../jobs/jobs';
import { ensureStudy } from '../db/studies';
import { episodeIdByExternalId } from '../db/study-episodes';
import { writeBatch } from '../importers/write-batch';
import type { BatchEpisode, ImportBatch } from '../importers/batch';
import { loadJudgeConfig, type JudgeConfig } from '../judge/config';
import { Judge } from '../judge/judge';
import { JudgeSkip } from '../judge/pipelines';
import { TurnAudio } from './audio/synthesize';
import { eta } from '../llm/eta';
import { redact, requireKey } from '../llm/keys';
import { runPool } from '../llm/pool';
import { backoffMs, classify, sleep } from '../llm/retry';
import { doneKeys, getRunRow, insertRun, recordEpisode, setRunStatus, type RunRow } from '../db/runs';
import { runEpisode, type RecordedEpisode } from './run-episode';
import { readEpisodeSet } from './set/read-set';
import type { EpisodeSet, SetItem } from './set/types';
import { loadSystemConfig, systemConfig, type SystemConfig } from './systems/config';
import { parseConfig } from '../llm/config';
import { systemFor } from './systems/index';
import { policyOf } from './systems/types';

/** What starting a run takes. */
export interface RunOptions {
  set: string;
  system: string | Record<string, unknown>;
  judge?: string | Record<string, unknown> | null;
  study?: string;
  repeats?: number;
  concurrency?: number;
  /** Folder for recordings (default: `runs/` beside the database). */
  outDir?: string;
}

/** A started run: its id, its job, and a promise that settles when the job ends. */
export interface StartedRun {
  runId: number;
  jobId: string;
  done: Promise<void>;
}

/** A run that cannot start or resume, with a message for the user. */
export class RunError extends Error {}

const live = new Map<number, string>();

/** The live job of a run in this process, or null. */
export function runJobOf(runId: number): string | null {
  return live.get(runId) ?? null;
}

/** The external id of one planned episode: `<item>@<system>#<repeat>`. */
export function episodeExternalId(itemId: string, systemId: string, trial: number): string {
  return `${itemId}@${systemId}#${trial}`;
}

/** Validates the set, system and judge, creates the run and its study, and starts its job. */
export async function startRun(s: Services, opts: RunOptions): Promise<StartedRun> {
  const set = await readEpisodeSet(resolve(opts.set));
  const config = loadSystemConfig(typeof opts.system === 'string' ? resolve(opts.system) : opts.system);
  const judge = opts.judge ? loadJudgeConfig(typeof opts.judge === 'string' ? resolve(opts.judge) : opts.judge) : null;
  checkKeys(config, judge, set);
  const repeats = opts.repeats ?? set.repeats ?? 1;
  const now = s.clock();
  const studyName = opts.study ?? `${set.name} × ${config.id}`;
  const studyId = ensureStudy(s.db, { name: studyName, benchmark: set.benchmark, description: `Run of ${set.name} against ${config.id}`, info: { runSet: set.source, system: config.id } }, now);
  const base = resolve(opts.outDir ?? join(dirname(s.paths.dbPath), 'runs'));
  const runId = insertRun(s.db, {
    study_id: studyId,
    study_name: studyName,
    set_path: set.source,
    set_name: set.name,
    set_hash: set.hash,
    benchmark: set.benchmark,
    system_id: config.id,
    system_kind: config.kind,
    system_config: JSON.stringify(config),
    judge_config: judge ? JSON.stringify(judge) : null,
    repeats,
    concurrency: opts.concurrency ?? config.concurrency,
    planned: set.items.length * repeats,
    out_dir: base,
    created_at: now.toISOString(),
  });
  s.events.emit('data.changed', { scope: 'studies', studyId });
  return launch(s, getRunRow(s.db, runId)!, set, config, judge);
}

/** Resumes a run that was cancelled, failed or interrupted: the episodes already done are skipped. */
export async function resumeRun(s: Services, runId: number): Promise<StartedRun> {
  const run = getRunRow(s.db, runId);
  if (!run) throw new RunError(`run ${runId} not found`);
  if (live.has(runId)) throw new RunError(`run ${runId} is already running`);
  const set = await readEpisodeSet(run.set_path);
  if (set.hash !== run.set_hash) throw new RunError(`${run.set_path} changed since run ${runId} started; start a new run instead`);
  const config = parseConfig(systemConfig, JSON.parse(run.system_config), `run ${runId} system config`);
  const judge = run.judge_config ? loadJudgeConfig(JSON.parse(run.judge_config) as Record<string, unknown>) : null;
  checkKeys(config, judge, set);
  setRunStatus(s.db, runId, 'running', null, s.clock());
  return launch(s, run, set, config, judge);
}

function checkKeys(config: SystemConfig, judge: JudgeConfig | null, set: EpisodeSet): void {
  requireKey(config.apiKeyEnv, `system ${config.id}`);
  if (judge) requireKey(judge.apiKeyEnv, `judge ${judge.id}`);
  if (set.synthesis.engine === 'openai' && set.items.some((i) => i.turns.some((t) => !t.audioPath && t.kind !== 'reinjection'))) requireKey(set.synthesis.apiKeyEnv, 'speech synthesis');
}

function launch(s: Services, run: RunRow, set: EpisodeSet, config: SystemConfig, judge: JudgeConfig | null): StartedRun {
  const job = s.jobs.start('run', (ctx) => execute(s, run, set, config, judge, ctx));
  live.set(run.id, job.jobId);
  const done = job.done.then(
    () => {
      setRunStatus(s.db, run.id, 'done', null, s.clock());
    },
    (err: Error) => {
      const cancelled = err?.message === 'cancelled by the user' || (err as { name?: string })?.name === 'AbortError';
      setRunStatus(s.db, run.id, cancelled ? 'cancelled' : 'failed', cancelled ? null : redact(err.message), s.clock());
    },
  );
  const settled = done.finally(() => {
    live.delete(run.id);
    s.events.emit('data.changed', { scope: 'studies', studyId: run.study_id });
  });
  return { runId: run.id, jobId: job.jobId, done: settled };
}

function batchOf(set: EpisodeSet, run: RunRow, episode: BatchEpisode): ImportBatch {
  return {
    format: 'run',
    benchmark: set.benchmark,
    studyName: run.study_name,
    studyInfo: { runSet: set.source, system: run.system_id },
    source: set.source,
    episodes: [episode],
    skipped: 0,
    warnings: [],
  };
}

async function execute(s: Services, run: RunRow, set: EpisodeSet, config: SystemConfig, judgeConfig: JudgeConfig | null, ctx: JobContext): Promise<void> {
  setMaxListeners(500, ctx.signal);
  const total = set.items.length * run.repeats;
  const skip = doneKeys(s.db, run.id);
  const plan: { item: SetItem; trial: number }[] = [];
  for (const item of set.items) for (let trial = 0; trial < run.repeats; trial++) if (!skip.has(`${item.id}#${trial}`)) plan.push({ item, trial });
  const outDir = join(run.out_dir, `run-${run.id}`);
  mkdirSync(outDir, { recursive: true });
  const apiKey = requireKey(config.apiKeyEnv, `system ${config.id}`);
  const system = systemFor(config);
  const policy = policyOf(config);
  const audio = new TurnAudio(set.synthesis, join(outDir, 'tts'), policy);
  const t = config.transcribeAgent;
  const transcriber = t ? { model: t.model, baseUrl: t.baseUrl ?? config.baseUrl, apiKeyEnv: t.apiKeyEnv !== undefined ? t.apiKeyEnv : config.apiKeyEnv, language: t.language, judgeReads: t.judgeReads } : null;
  const judge = judgeConfig ? new Judge(judgeConfig) : null;
  let done = total - plan.length;
  let failed = 0;
  const started = Date.now();
  const report = (last: string) => ctx.progress(done, total, `${done} of ${total} episodes${failed ? ` · ${failed} failed` : ''}${eta(started, done - (total - plan.length), plan.length)} · ${last}`);
  report(plan.length < total ? `resuming: ${total - plan.length} already done` : `running ${set.name} against ${config.id}`);

  await runPool(
    plan,
    run.concurrency,
    async ({ item, trial }) => {
      const externalId = episodeExternalId(item.id, config.id, trial);
      const runInfo = { id: run.id, set: set.name, system: config.id, kind: config.kind, trial };
      let recorded: RecordedEpisode | null = null;
      let error: string | null = null;
      let attempts = 0;
      const retryNotes: string[] = [];
      while (!recorded) {
        attempts++;
        try {
          recorded = await runEpisode({ system, item, trial, externalId, audio, outDir, apiKey, signal: ctx.signal, runInfo, transcriber, onRetry: (m) => retryNotes.push(redact(m)) });
        } catch (err) {
          if (ctx.signal.aborted) return;
          error = redact((err as Error).message);
          if (!classify(err).retry || attempts > config.retries) break;
          retryNotes.push(`episode attempt ${attempts} failed: ${error}`);
          await sleep(backoffMs(policy, attempts - 1), ctx.signal).catch(() => undefined);
          if (ctx.signal.aborted) return;
        }
      }
      if (!recorded) {
        failed++;
        recordEpisode(s.db, run.id, { itemId: item.id, trial, externalId, status: 'failed', episodeId: null, firstAudioMs: null, label: null, reward: null, attempts, error }, s.clock());
        done++;
        report(`${externalId} failed: ${error}`);
        return;
      }
      const episode = recorded.episode;
      (episode.info.warnings as string[]).push(...retryNotes);
      if (judge) {
        try {
          const verdict = await judge.judge({ benchmark: set.benchmark, condition: episode.condition, info: episode.info, turns: episode.turns.map((x) => ({ speaker: x.speaker, text: x.text, startMs: x.startMs, endMs: x.endMs })) }, ctx.signal);
          episode.judgements = [verdict.judgement];
          episode.outcome = verdict.outcome;
          episode.reward = verdict.reward;
          Object.assign(episode.info, verdict.info ?? {});
        } catch (err) {
          if (ctx.signal.aborted) return;
          (episode.info.warnings as string[]).push(`not judged: ${redact((err as Error).message)}`);
          if (!(err instanceof JudgeSkip)) episode.info.judgeError = redact((err as Error).message);
        }
      }
      let summary;
      try {
        summary = await writeBatch(s.db, batchOf(set, run, episode), { studyName: run.study_name, now: s.clock() });
      } catch (err) {
        failed++;
        done++;
        error = redact((err as Error).message);
        recordEpisode(s.db, run.id, { itemId: item.id, trial, externalId, status: 'failed', episodeId: null, firstAudioMs: recorded.medianFirstAudioMs, label: null, reward: null, attempts, error }, s.clock());
        report(`${externalId} could not be stored: ${error}`);
        return;
      }
      const episodeId = episodeIdByExternalId(s.db, summary.study.id, externalId);
      recordEpisode(
        s.db,
        run.id,
        { itemId: item.id, trial, externalId, status: 'done', episodeId, firstAudioMs: recorded.medianFirstAudioMs, label: episode.judgements[0]?.label ?? null, reward: episode.reward, attempts, error: null },
        s.clock(),
      );
      done++;
      s.events.emit('data.changed', { scope: 'episodes', studyId: summary.study.id });
      report(`${externalId} done`);
    },
    ctx.signal,
  );
  ctx.signal.throwIfAborted();
}

/** Re-judges every episode of a study (imported or run) with a judge, as a job with progress; judgements are upserted. */
import { setMaxListeners } from 'node:events';
import type { Services } from '../services/services';
import type { JobContext } from '../jobs/jobs';
import { findStudy } from '../db/studies';
import { redact } from '../llm/keys';
import { eta } from '../llm/eta';
import { runPool } from '../llm/pool';
import type { JudgeConfig } from './config';
import { Judge } from './judge';
import { JudgeSkip } from './pipelines';
import { saveJudgement } from '../db/judge-outputs';
import { studyEpisodeTranscripts } from '../db/study-episodes';

/** What a study judging did. */
export interface JudgeStudySummary {
  studyId: number;
  judgeId: string;
  judgeVersion: string;
  judged: number;
  skipped: { externalId: string; reason: string }[];
  failed: { externalId: string; error: string }[];
  labels: Record<string, number>;
}

/**
 * Judges the study's episodes (only those in `only` when given, e.g. the labelled items of a field, to compare a new
 * prompt or model with the humans); cancelling stops between episodes (what was judged stays).
 */
export async function judgeStudy(
  s: Services,
  studyId: number,
  config: JudgeConfig,
  ctx: JobContext,
  only?: ReadonlySet<number>,
): Promise<JudgeStudySummary> {
  const study = findStudy(s.db, studyId);
  if (!study) throw new Error(`study ${studyId} not found`);
  setMaxListeners(500, ctx.signal);
  const judge = new Judge(config);
  const episodes = studyEpisodeTranscripts(s.db, studyId).filter((e) => !only || only.has(e.id));
  const summary: JudgeStudySummary = { studyId, judgeId: judge.id, judgeVersion: judge.version, judged: 0, skipped: [], failed: [], labels: {} };
  let done = 0;
  const started = Date.now();
  ctx.progress(0, episodes.length, `judging ${study.name} with ${judge.id}`);
  await runPool(
    episodes,
    config.concurrency,
    async (ep) => {
      try {
        const { judgement } = await judge.judge(ep, ctx.signal);
        saveJudgement(s.db, ep.id, judgement, s.clock());
        summary.judged++;
        summary.labels[judgement.label] = (summary.labels[judgement.label] ?? 0) + 1;
      } catch (err) {
        if (ctx.signal.aborted) return;
        if (err instanceof JudgeSkip) summary.skipped.push({ externalId: ep.externalId, reason: err.message });
        else summary.failed.push({ externalId: ep.externalId, error: redact((err as Error).message) });
      }
      done++;
      ctx.progress(done, episodes.length, `judged ${done} of ${episodes.length}${eta(started, done, episodes.length)}`);
    },
    ctx.signal,
  );
  s.events.emit('data.changed', { scope: 'episodes', studyId });
  ctx.signal.throwIfAborted();
  return summary;
}

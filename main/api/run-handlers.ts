/** Handlers of the run and judge methods (shared/methods/runs.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { RunExample } from '../../shared/types/runs';
import type { Services } from '../services/services';
import { findStudy } from '../db/studies';
import { loadJudgeConfig } from '../judge/config';
import { compareJudges } from '../judge/compare';
import { labelledEpisodeIds } from '../annotation/ratings';
import { requireAgreementAccess } from '../annotation/blind-access';
import { judgeStudy } from '../judge/judge-study';
import { ConfigError } from '../llm/config';
import { keyStatus, MissingKeyError, redact, storeKey } from '../llm/keys';
import { listRuns, runDetail } from '../runner/report';
import { resumeRun, RunError, startRun } from '../runner/runner';
import { DomainError, notFound } from '../domain/errors';

/** Turns the runner's user-facing failures into contract errors. */
async function guarded<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MissingKeyError) throw new DomainError('invalid_input', redact(err.message));
    if (err instanceof RunError) throw new DomainError('conflict', err.message);
    throw err;
  }
}

function examples(s: Services): RunExample[] {
  const root = join(s.paths.resourcesDir, 'episode-sets');
  const describe = (path: string) => {
    try {
      const text = readFileSync(path, 'utf8');
      const first = JSON.parse(path.endsWith('.jsonl') ? text.split('\n')[0] : text) as { description?: string };
      return first.description ?? '';
    } catch {
      return '';
    }
  };
  const list = (dir: string) => {
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };
  return [
    ...list(root).filter((f) => f.endsWith('.jsonl')).map((f) => ({ kind: 'set' as const, name: f, path: join(root, f), description: describe(join(root, f)) })),
    ...list(root).filter((f) => !f.includes('.') && !['systems', 'judges'].includes(f)).map((f) => ({ kind: 'set' as const, name: `${f}/`, path: join(root, f), description: 'VERA episodes' })),
    ...list(join(root, 'systems')).map((f) => ({ kind: 'system' as const, name: f, path: join(root, 'systems', f), description: describe(join(root, 'systems', f)) })),
    ...list(join(root, 'judges')).map((f) => ({ kind: 'judge' as const, name: f, path: join(root, 'judges', f), description: describe(join(root, 'judges', f)) })),
  ];
}

/** Run and judge handlers by method name. */
export const runHandlers = {
  'runs.list': (s: Services): MethodOutput<'runs.list'> => listRuns(s.db),
  'runs.get': (s: Services, input: MethodInput<'runs.get'>): MethodOutput<'runs.get'> => {
    const detail = runDetail(s.db, input.runId);
    if (!detail) throw notFound(`run ${input.runId}`);
    return detail;
  },
  'runs.examples': (s: Services): MethodOutput<'runs.examples'> => examples(s),
  'runs.start': (s: Services, input: MethodInput<'runs.start'>): Promise<MethodOutput<'runs.start'>> =>
    guarded(async () => {
      const run = await startRun(s, input);
      return { runId: run.runId, jobId: run.jobId };
    }),
  'runs.resume': (s: Services, input: MethodInput<'runs.resume'>): Promise<MethodOutput<'runs.resume'>> =>
    guarded(async () => {
      const run = await resumeRun(s, input.runId);
      return { runId: run.runId, jobId: run.jobId };
    }),
  'judge.start': (s: Services, input: MethodInput<'judge.start'>): Promise<MethodOutput<'judge.start'>> =>
    guarded(() => {
      if (!findStudy(s.db, input.studyId)) throw notFound(`study ${input.studyId}`);
      const config = loadJudgeConfig(input.judge);
      const only = input.onlyLabelled ? labelledEpisodeIds(s.db, input.studyId, input.onlyLabelled) : undefined;
      const job = s.jobs.start('judge', (ctx) => judgeStudy(s, input.studyId, config, ctx, only));
      job.done.catch(() => undefined);
      return { jobId: job.jobId };
    }),
  'judge.compare': (s: Services, input: MethodInput<'judge.compare'>): MethodOutput<'judge.compare'> => {
    if (!findStudy(s.db, input.studyId)) throw notFound(`study ${input.studyId}`);
    requireAgreementAccess(s.db, input.studyId, input.viewerId);
    return compareJudges(s.db, input.studyId, input.field);
  },
  'keys.status': (_s: Services, input: MethodInput<'keys.status'>): MethodOutput<'keys.status'> => keyStatus(input.env),
  'keys.store': (s: Services, input: MethodInput<'keys.store'>): MethodOutput<'keys.store'> => {
    if (s.door !== 'electron') throw new DomainError('conflict', 'keys can be stored only in the desktop app; set the environment variable instead');
    return { stored: storeKey(input.env, input.value) };
  },
} as const;

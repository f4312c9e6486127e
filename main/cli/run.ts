/** The `run`, `judge` and `judges` commands: run an episode set against a system, re-judge a study, compare judges with humans. */
import type { Services } from '../services/services';
import { openForCli, requireStudy, type SelfParsedOutput } from './commands';
import { inputFile, parseCommandOptions, UsageError, type CliOptions } from './args';
import { loadJudgeConfig } from '../judge/config';
import { judgeStudy } from '../judge/judge-study';
import { compareJudges } from '../judge/compare';
import { labelledEpisodeIds } from '../annotation/ratings';
import { compareJudgesOnLabelled } from '../annotation/judge-comparison';
import type { JudgeRef } from '../../shared/types/judge-validation';
import { judgesOnLabelledText } from './judge-text';
import { runDetail } from '../runner/report';
import { fixedDecimals } from '../../shared/fixed-decimals';
import { resumeRun, startRun } from '../runner/runner';
import { dryRunText, planRun } from '../runner/dry-run';
import type { RunDetail } from '../../shared/types/runs';

type Values = Record<string, string | boolean | undefined>;

function parse(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>): Values {
  return parseCommandOptions(argv, { ...options, db: { type: 'string' }, json: { type: 'boolean' } }).values as Values;
}

function whole(name: string, raw: string | boolean | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function withServices<T>(v: Values, fn: (s: Services) => Promise<T>): Promise<T> {
  const services = await openForCli({ positionals: [], json: !!v.json, db: v.db as string | undefined } as CliOptions);
  try {
    return await fn(services);
  } finally {
    services.db.close();
  }
}

/** Follows a job: progress lines on stderr (unless --json), Ctrl-C cancels it. */
function follow(s: Services, jobId: string, quiet: boolean): () => void {
  const off = s.events.subscribe((event, payload) => {
    if (event !== 'job.progress' || quiet) return;
    if (payload.jobId === jobId) process.stderr.write(`[${payload.done}/${payload.total}] ${payload.message}\n`);
  });
  const onInt = () => s.jobs.cancel(jobId);
  process.once('SIGINT', onInt);
  return () => {
    off();
    process.removeListener('SIGINT', onInt);
  };
}

/** `run --set FILE --system CONFIG.json [--judge JUDGE.json] [--study NAME] [--repeats N] [--concurrency N] [--out DIR] | --resume RUN`. */
export async function runCommand(argv: string[]): Promise<SelfParsedOutput> {
  const v = parse(argv, {
    set: { type: 'string' },
    system: { type: 'string' },
    judge: { type: 'string' },
    study: { type: 'string' },
    repeats: { type: 'string' },
    concurrency: { type: 'string' },
    out: { type: 'string' },
    resume: { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  const resume = whole('resume', v.resume, 1, Number.MAX_SAFE_INTEGER);
  if (!resume && (!v.set || !v.system))
    throw new UsageError('--set FILE and --system CONFIG.json are required (or --resume RUN_ID)');
  if (v['dry-run']) {
    if (resume) throw new UsageError('--dry-run plans a new run: give --set and --system, not --resume');
    const judge = v.judge ? inputFile(v.judge as string, '--judge') : null;
    const plan = await planRun({
      set: inputFile(v.set as string, '--set'),
      system: inputFile(v.system as string, '--system'),
      judge,
      repeats: whole('repeats', v.repeats, 1, 50),
    });
    return { json: plan, text: dryRunText(plan), exitCode: 0, json_: !!v.json };
  }
  return withServices(v, async (s) => {
    const started = resume
      ? await resumeRun(s, resume)
      : await startRun(s, {
          set: inputFile(v.set as string, '--set'),
          system: inputFile(v.system as string, '--system'),
          judge: v.judge ? inputFile(v.judge as string, '--judge') : null,
          study: v.study as string | undefined,
          repeats: whole('repeats', v.repeats, 1, 50),
          concurrency: whole('concurrency', v.concurrency, 1, 32),
          outDir: v.out as string | undefined,
        });
    const stop = follow(s, started.jobId, !!v.json);
    await started.done;
    stop();
    const detail = runDetail(s.db, started.runId)!;
    const r = detail.run;
    const text = [
      `run ${r.id}: ${r.status} · ${r.done} of ${r.planned} episodes done, ${r.failed} failed · study ${r.studyId} "${r.studyName}"`,
      `median first-audio delay: ${detail.medianFirstAudioMs === null ? '—' : `${Math.round(detail.medianFirstAudioMs)} ms`}`,
      ...werLine(detail.transcription),
      ...detail.items.map(
        (i) =>
          `  ${i.itemId}\t${i.trials} trial(s)\tmedian FTED ${i.medianFirstAudioMs === null ? '—' : Math.round(i.medianFirstAudioMs) + ' ms'}\tmedian reward ${i.medianReward ?? '—'}\t${i.labels.join(',')}`,
      ),
      ...detail.episodes.filter((e) => e.status === 'failed').map((e) => `  failed ${e.externalId}: ${e.error}`),
    ].join('\n');
    const exitCode = r.status === 'done' && r.failed === 0 ? 0 : r.status === 'cancelled' ? 130 : 1;
    if (exitCode === 1)
      process.stderr.write(`earshot run: ${r.failed} episode(s) failed${r.error ? `; ${r.error}` : ''}\n`);
    return { json: detail, text, exitCode, json_: !!v.json };
  });
}

/** `judge --study X --judge JUDGE.json [--only-labelled FIELD]`: (re-)judges a study, or only its items labelled on FIELD. */
export async function judgeCommand(argv: string[]): Promise<SelfParsedOutput> {
  const v = parse(argv, { study: { type: 'string' }, judge: { type: 'string' }, 'only-labelled': { type: 'string' } });
  if (!v.judge) throw new UsageError('--judge JUDGE.json is required');
  return withServices(v, async (s) => {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study as string | undefined } as CliOptions);
    const config = loadJudgeConfig(inputFile(v.judge as string, '--judge'));
    const field = v['only-labelled'] as string | undefined;
    const only = field ? labelledEpisodeIds(s.db, study.id, field) : undefined;
    const job = s.jobs.start('judge', (ctx) => judgeStudy(s, study.id, config, ctx, only));
    const stop = follow(s, job.jobId, !!v.json);
    const summary = await job.done.finally(stop);
    const text = [
      `judged ${summary.judged} episode(s) of "${study.name}" with ${summary.judgeId} (${summary.judgeVersion})`,
      `labels: ${
        Object.entries(summary.labels)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || '—'
      }`,
      ...summary.skipped.map((x) => `  skipped ${x.externalId}: ${x.reason}`),
      ...summary.failed.map((x) => `  failed ${x.externalId}: ${x.error}`),
    ].join('\n');
    return { json: summary, text, exitCode: summary.failed.length ? 1 : 0, json_: !!v.json };
  });
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const k3 = (x: number | null) => (x === null ? '—' : fixedDecimals(x, 3));

/** A judge named on the command line as ID or ID@VERSION. */
function judgeRef(text: string, option: string): JudgeRef {
  const at = text.lastIndexOf('@');
  if (!text || at === 0) throw new UsageError(`${option} takes a judge id, or ID@VERSION`);
  return at < 0
    ? { judgeId: text, judgeVersion: '' }
    : { judgeId: text.slice(0, at), judgeVersion: text.slice(at + 1) };
}

/**
 * `judges --study X [--field F]`: every judge of a study against its human annotators; with `--baseline J --candidate J
 * --mapping KEY`, the two judges on exactly the labelled items, held-out and tuning parts apart.
 */
export async function judgesCommand(argv: string[]): Promise<SelfParsedOutput> {
  const v = parse(argv, {
    study: { type: 'string' },
    field: { type: 'string' },
    baseline: { type: 'string' },
    candidate: { type: 'string' },
    mapping: { type: 'string' },
  });
  return withServices(v, async (s) => {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study as string | undefined } as CliOptions);
    if (v.baseline !== undefined || v.candidate !== undefined) {
      if (!v.baseline || !v.candidate || !v.mapping || !v.field)
        throw new UsageError('--baseline, --candidate, --mapping and --field go together');
      const cmp = compareJudgesOnLabelled(s.db, {
        studyId: study.id,
        field: v.field as string,
        mappingKey: v.mapping as string,
        baseline: judgeRef(v.baseline as string, '--baseline'),
        candidate: judgeRef(v.candidate as string, '--candidate'),
      });
      return { json: cmp, text: judgesOnLabelledText(cmp), exitCode: 0, json_: !!v.json };
    }
    const cmp = compareJudges(s.db, study.id, (v.field as string | undefined) ?? 'verdict');
    const row = (j: (typeof cmp.judges)[number]) =>
      j.unmapped
        ? `${j.judgeId} ${j.judgeVersion}\t${j.episodes} episodes\t${j.unmapped}`
        : [
            `${j.judgeId} ${j.judgeVersion}\t${j.episodes} episodes\tmean κ ${k3(j.meanKappa)}\tvs majority: n ${j.majority.n}, ${pct(j.majority.agreement)}, κ ${k3(j.majority.kappa)}\t(${j.mapping})`,
            ...j.perAnnotator.map((p) => `  ${p.annotator}\tn ${p.n}\t${pct(p.agreement)}\tκ ${k3(p.kappa)}`),
          ].join('\n');
    const text = cmp.judges.map(row).join('\n') || `no judgements in "${study.name}"`;
    return { json: cmp, text, exitCode: 0, json_: !!v.json };
  });
}

/** The commands this module adds, by name. */
export const runCommands: Record<string, (argv: string[]) => Promise<SelfParsedOutput>> = {
  run: runCommand,
  judge: judgeCommand,
  judges: judgesCommand,
};

/** The run's transcription WER as one line, when its replies were transcribed before judging. */
function werLine(t: RunDetail['transcription']): string[] {
  if (!t) return [];
  const wer = t.wer === null ? '—' : t.wer.toFixed(3);
  return [`transcription WER against the system's own transcript: ${wer} (${t.model}, ${t.replies} replies)`];
}

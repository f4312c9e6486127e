/**
 * Issue 15: Results off the server's thread. The 705-call τ-Elicitation archive computed as metrics.start computes it
 * (a worker thread with its own read-only connection, sections posted as they finish) against the synchronous
 * computation (metrics.study) in the same run; and a generated 100,000-episode study: the first section's arrival,
 * label saves on this thread while the worker computes (p99), and the cancel, against the synchronous computation's
 * stall before its first section and saves with nothing computing. The first section's baseline is the load of every
 * episode (info parsed, latest judgement) that every section waited for before the database-only sections came first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Db } from '../main/db/open';
import { setLabel } from '../main/annotation/labels';
import { importPath } from '../main/importers/import-path';
import { metricsInWorker } from '../main/metrics/metrics-in-worker';
import { studyMetrics } from '../main/metrics/study-metrics';
import { inCostOrder, studySections } from '../main/metrics/study-sections';
import { loadEpisodes } from '../main/metrics/load';
import { fixture } from '../test-support/fixtures';
import { buildBrowseDb } from './gen/browse-db';
import { fmtMs, median, note, peakRssBytes, percentile } from './lib/measure';
import type { BenchResult } from './lib/result';

const cpuMs = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;

/** One worker computation: when the first section and the last arrived, from the start (ms). */
async function inWorker(db: Db, studyId: number, signal?: AbortSignal) {
  const t0 = performance.now();
  const arrivals: { id: string; ms: number; tables: number }[] = [];
  const done = metricsInWorker(
    db,
    studyId,
    {},
    {
      head: () => undefined,
      section: (s) => arrivals.push({ id: s.id, ms: performance.now() - t0, tables: s.tables.length }),
    },
    signal,
  );
  return { done: done.then(() => performance.now() - t0), arrivals };
}

/** Saves a label every 2–12 ms on this thread until `until()`, timing each save. */
async function saves(
  db: Db,
  annotatorId: number,
  episodes: readonly number[],
  until: () => boolean,
): Promise<number[]> {
  const ms: number[] = [];
  for (let seq = 0; !until(); seq++) {
    const t = performance.now();
    setLabel(
      db,
      { episodeId: episodes[seq % episodes.length], annotatorId, field: 'first_error_ms', value: seq },
      new Date(),
    );
    ms.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10));
  }
  return ms;
}

async function archive(work: string, details: string[]) {
  const db = openDatabase(join(work, 'archive.sqlite'));
  const summary = await importPath(db, fixture('tau-elicitation'), 'tau-elicitation', { now: new Date() });
  const id = summary.study.id;
  note('705-call archive: synchronous 3 times, then 4 jobs on the worker');
  const sync: number[] = [];
  const syncCpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [t, c] = [performance.now(), cpuMs()];
    studyMetrics(db, id);
    sync.push(performance.now() - t);
    syncCpu.push(cpuMs() - c);
  }
  // The first job starts a thread (its code cold); the next ones find it waiting, warm (metrics-workers.ts).
  const last: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < 4; i++) {
    const run = await inWorker(db, id);
    last.push(await run.done);
    first.push(run.arrivals[0].ms);
    if (i === 0 || i === 3)
      details.push(
        `archive sections as they arrived, job ${i + 1}: ` +
          run.arrivals.map((a) => `${a.id} ${fmtMs(a.ms)}`).join(', '),
      );
  }
  details.push(
    `archive (${summary.episodes} episodes): synchronous ${sync.map(fmtMs).join(', ')} wall (CPU ${syncCpu.map(fmtMs).join(', ')}); ` +
      `worker jobs 1–4: first section ${first.map(fmtMs).join(', ')}, all sections ${last.map(fmtMs).join(', ')}`,
  );
  db.close();
  return { sync: median(sync), cold: last[0], warm: median(last.slice(1)) };
}

async function large(work: string, details: string[]) {
  note('building a 100,000-episode study');
  const built = await buildBrowseDb(join(work, 'large.sqlite'));
  const { db, studyId, annotatorId } = built;
  const episodes = Array.from({ length: 40 }, (_, i) => i + 1);
  const idle = await saves(
    db,
    annotatorId,
    episodes,
    (
      (n) => () =>
        n-- <= 0
    )(300),
  );
  note('100k: the synchronous computation up to its first section');
  const t0 = performance.now();
  const { tasks } = studySections(db, studyId, {});
  const firstTask = inCostOrder(tasks)[0];
  firstTask.compute();
  const syncFirst = performance.now() - t0;
  note('100k: loading every episode, what every section waited for before');
  const t1 = performance.now();
  loadEpisodes(db, studyId);
  const loadAll = performance.now() - t1;
  note('100k: on the worker while saving labels, cancelled after 20 s');
  const controller = new AbortController();
  const run = await inWorker(db, studyId, controller.signal);
  let over = false;
  const timer = setTimeout(() => controller.abort(new Error('cancelled by the bench')), 20_000);
  const outcome = run.done.then(
    (ms) => ({ ms, cancelled: false }),
    () => ({ ms: performance.now(), cancelled: true }),
  );
  void outcome.finally(() => (over = true));
  const during = await saves(db, annotatorId, episodes, () => over);
  clearTimeout(timer);
  const end = await outcome;
  const withTables = run.arrivals.find((a) => a.tables > 0);
  details.push(
    `100k: saves with nothing computing p50 ${fmtMs(percentile(idle, 0.5))}, p99 ${fmtMs(percentile(idle, 0.99))}; ` +
      `during the worker p50 ${fmtMs(percentile(during, 0.5))}, p99 ${fmtMs(percentile(during, 0.99))}, max ${fmtMs(Math.max(...during))} (${during.length} saves)`,
    `100k sections as they arrived: ${run.arrivals.map((a) => `${a.id} ${fmtMs(a.ms)} (${a.tables} tables)`).join(', ') || 'none'}; ` +
      (end.cancelled ? 'cancelled at 20 s' : `all in ${fmtMs(end.ms)}`),
    `100k synchronous: ${fmtMs(syncFirst)} before its first section (${firstTask.id}), during which no save is served; ` +
      `loading every episode ${fmtMs(loadAll)}`,
  );
  db.close();
  return { first: run.arrivals[0]?.ms ?? Infinity, firstTable: withTables?.ms ?? null, loadAll, idle, during };
}

/** Runs the benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-results-'));
  const details: string[] = [];
  const load = () =>
    loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  details.push(`load average at the start ${load()}`);
  try {
    const a = await archive(work, details);
    const l = await large(work, details);
    const p99 = percentile(l.during, 0.99);
    details.push(`load average at the end ${load()}`);
    return {
      name: 'results',
      rows: [
        {
          issue: 15,
          name: 'Results of the 705-call τ-Elicitation archive, first job (metrics.start, a new thread)',
          figure: fmtMs(a.cold),
          baseline: `${fmtMs(a.sync)} synchronous (metrics.study)`,
          ratio: a.cold / a.sync,
          target: '< 0.5 s',
          pass: a.cold < 500,
        },
        {
          issue: 15,
          name: 'the same, jobs 2–4 (the thread kept warm between jobs)',
          figure: `${fmtMs(a.warm)} median of 3`,
          baseline: `${fmtMs(a.sync)} synchronous (metrics.study)`,
          ratio: a.warm / a.sync,
          target: '< 0.5 s',
          pass: a.warm < 500,
        },
        {
          issue: 15,
          name: 'first section of a 100,000-episode study',
          figure: `${fmtMs(l.first)}${l.firstTable === null ? '' : `, first with a table ${fmtMs(l.firstTable)}`}`,
          baseline: `${fmtMs(l.loadAll)} loading every episode (what the first section waited for before)`,
          ratio: l.first / l.loadAll,
          target: '< 2 s',
          pass: l.first < 2000,
        },
        {
          issue: 15,
          name: 'label save while a 100,000-episode study computes',
          figure: `${fmtMs(p99)} p99`,
          baseline: `${fmtMs(percentile(l.idle, 0.99))} p99 with nothing computing`,
          ratio: p99 / percentile(l.idle, 0.99),
          target: '< 100 ms p99',
          pass: p99 < 100,
        },
      ],
      details,
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

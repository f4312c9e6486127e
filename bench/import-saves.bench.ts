/**
 * Issue 14: label saves while a 10,000-episode τ-Voice import runs on the same database, against the same saves with
 * no import, in the same run. A studio's connection on this thread saves a label (the product's setLabel) every
 * 2–12 ms and times each save; the import runs as import.start runs it (a worker thread with its own connection,
 * importInWorker) and then as `earshot import` does (another process, test-support/reliability/importer.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Db } from '../main/db/open';
import { setLabel } from '../main/annotation/labels';
import { importInWorker } from '../main/importers/import-in-worker';
import { makeAnnotators, makeStudy } from '../test-support/annotation-study';
import { Child } from '../test-support/reliability/child';
import { writeTau2Run } from './gen/tau2-run';
import { fmtMB, fmtMs, note, peakRssBytes, percentile } from './lib/measure';
import type { BenchResult, BenchRow } from './lib/result';
import { IMPORT_EPISODES } from './import.bench';

/** Saves in each phase without an import (one before the imports, one between them, one after). */
const BASELINE_SAVES = 300;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A studio saving labels on its own connection, one after another with pauses, timing each save. */
class Studio {
  private seq = 0;
  constructor(
    private readonly db: Db,
    private readonly annotatorId: number,
    private readonly episodes: readonly number[],
  ) {}

  /** Saves until `until()` says stop (or `count` saves); returns each save's time and how many were refused. */
  async save(until: () => boolean, count = Infinity): Promise<{ ms: number[]; refused: number }> {
    const ms: number[] = [];
    let refused = 0;
    while (!until() && ms.length + refused < count) {
      const episodeId = this.episodes[this.seq % this.episodes.length];
      const started = performance.now();
      try {
        setLabel(
          this.db,
          { episodeId, annotatorId: this.annotatorId, field: 'first_error_ms', value: this.seq++ },
          new Date(),
        );
        ms.push(performance.now() - started);
      } catch {
        refused++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10));
    }
    return { ms, refused };
  }
}

const spread = (ms: readonly number[]) =>
  `p50 ${fmtMs(percentile(ms, 0.5))}, p95 ${fmtMs(percentile(ms, 0.95))}, p99 ${fmtMs(percentile(ms, 0.99))}, ` +
  `max ${fmtMs(Math.max(...ms))} (${ms.length} saves)`;

/** Runs the benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-saves-'));
  try {
    note(`generating ${IMPORT_EPISODES} τ-Voice simulations`);
    const source = writeTau2Run(join(work, 'run'), IMPORT_EPISODES);
    const file = join(work, 'studio.sqlite');
    const db = openDatabase(file);
    const study = await makeStudy(
      db,
      'Labelled',
      'tau-elicitation',
      Array.from({ length: 40 }, (_, i) => ({ id: `c${i}` })),
    );
    const [ana] = makeAnnotators(db, ['Ana']);
    const studio = new Studio(db, ana, Object.values(study.ids));
    const never = () => false;

    await studio.save(never, 30); // warm-up
    const baseline: number[] = [];
    let refused = 0;
    const baselinePhase = async () => {
      const r = await studio.save(never, BASELINE_SAVES);
      baseline.push(...r.ms);
      refused += r.refused;
    };

    await baselinePhase();
    note('import on a worker thread (import.start) while saving');
    let finished = false;
    const c0 = cpuMs();
    const t0 = performance.now();
    const importing = importInWorker(db, source.dir, 'tau2', {
      now: new Date(),
      studyName: 'imported (worker)',
    }).finally(() => {
      finished = true;
    });
    const inWorker = await studio.save(() => finished);
    const summary = await importing;
    const workerMs = performance.now() - t0;
    const workerCpu = cpuMs() - c0;

    await baselinePhase();
    note('import in another process (earshot import) while saving');
    const child = new Child('test-support/reliability/importer.ts', [file, source.dir, 'tau2', 'imported (process)']);
    await child.waitFor((l) => l === 'ready', 120_000);
    const p0 = performance.now();
    let childDone = false;
    void child.exited.then(() => (childDone = true));
    const inProcess = await studio.save(() => childDone || child.lines.some((l) => l.startsWith('done')));
    const processMs = performance.now() - p0;
    const { code } = await child.exited;
    if (code !== 0 || !child.lines.some((l) => l === `done ${summary.episodes}`)) {
      throw new Error(`the import process ended with ${code}: ${child.errors.slice(-500)}`);
    }
    await baselinePhase();
    note(`generating ${IMPORT_EPISODES} other simulations, then importing them into the study of the first import`);
    const more = writeTau2Run(join(work, 'more'), IMPORT_EPISODES, 8);
    finished = false;
    const e0 = performance.now();
    const intoExisting = importInWorker(db, more.dir, 'tau2', {
      now: new Date(),
      studyName: 'imported (worker)',
    }).finally(() => {
      finished = true;
    });
    const inExisting = await studio.save(() => finished);
    const existingSummary = await intoExisting;
    const existingMs = performance.now() - e0;
    await baselinePhase();
    db.close();

    refused += inWorker.refused + inProcess.refused + inExisting.refused;
    const base99 = percentile(baseline, 0.99);
    const row = (name: string, ms: number[]): BenchRow => {
      const p99 = percentile(ms, 0.99);
      return {
        issue: 14,
        name,
        figure: `${fmtMs(p99)} p99`,
        baseline: `${fmtMs(base99)} p99 without an import`,
        ratio: p99 / base99,
        target: '< 100 ms p99, 0 refused',
        pass: p99 < 100 && refused === 0,
      };
    };
    return {
      name: 'import-saves',
      rows: [
        row(`label save during a ${IMPORT_EPISODES.toLocaleString('en')}-call import (import.start)`, inWorker.ms),
        row(`label save during a ${IMPORT_EPISODES.toLocaleString('en')}-call import (other process)`, inProcess.ms),
        {
          issue: 14,
          name: `longest label save during a ${IMPORT_EPISODES.toLocaleString('en')}-call import into an existing study`,
          figure: `${fmtMs(Math.max(...inExisting.ms))} max`,
          baseline: `${fmtMs(Math.max(...baseline))} max without an import`,
          ratio: Math.max(...inExisting.ms) / Math.max(...baseline),
          target: '< 100 ms (one short transaction)',
          pass: Math.max(...inExisting.ms) < 100 && refused === 0,
        },
      ],
      details: [
        `data: ${source.simulations} τ-Voice simulations, ${fmtMB(source.bytes)}; a studio saving first_error_ms labels of 40 calls every 2–12 ms on its own connection (setLabel), ${refused} refused in all`,
        `saves without an import (${BASELINE_SAVES} before, between and after the imports): ${spread(baseline)}`,
        `during the import on a worker thread (importInWorker, as import.start): ${spread(inWorker.ms)}; ` +
          `import ${fmtMs(workerMs)} wall, ${summary.episodes} episodes; CPU time of this process (import, its reader threads and the saves) ${fmtMs(workerCpu)}`,
        `during the import in another process (as earshot import): ${spread(inProcess.ms)}; import ${fmtMs(processMs)} wall from its start to its last line`,
        `during an import of ${existingSummary.episodes} other episodes into the study of the first (import.start; written there hidden by the import's id, its completing transaction marks it done): ` +
          `${spread(inExisting.ms)}; import ${fmtMs(existingMs)} wall. Before migration 19 the longest save waited for that completing transaction, which moved every episode out of the hidden study`,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Issue 14: how long the transaction that completes an import holds the write lock (every label save waits for it).
 * Into a new study it renames the import's hidden study; into an existing one, where the import wrote its episodes
 * hidden by its id (migration 19), it marks the import done (before migration 19 it moved them there from the hidden
 * study, rewriting every episode row and its index entries). Both in the same run on one database:
 * 10,000 τ-Voice calls imported into a new study, then 10,000 others into that study, as `earshot import` does it
 * (importPath on this thread). Each write transaction of the connection is timed from its BEGIN IMMEDIATE to the end
 * of its commit; the completing one is the last but one (the planner statistics come after it).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Db } from '../main/db/open';
import { importPath } from '../main/importers/import-path';
import { writeTau2Run } from './gen/tau2-run';
import { fmtMB, fmtMs, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';
import { IMPORT_EPISODES } from './import.bench';

/** One write transaction: wall time from BEGIN IMMEDIATE to the end of COMMIT, and this process's CPU time in it. */
interface Held {
  ms: number;
  cpuMs: number;
}

/** Records every outermost `db.transaction(…).immediate()` of the connection (how inWriteTransaction runs them). */
function recordWriteTransactions(db: Db): Held[] {
  const held: Held[] = [];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: () => unknown) => {
    const wrapped = transaction(fn);
    const immediate = () => {
      const outermost = !db.inTransaction;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      try {
        return wrapped.immediate();
      } finally {
        const cpu = process.cpuUsage(c0);
        if (outermost) held.push({ ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 });
      }
    };
    return Object.assign(() => wrapped(), { immediate });
  }) as unknown as Db['transaction'];
  return held;
}

/** Imports `dir` into study `name` and returns the import's transactions: staging ones, completion, statistics. */
async function importTimed(db: Db, held: Held[], dir: string, name: string) {
  held.length = 0;
  const t0 = performance.now();
  const summary = await importPath(db, dir, 'tau2', { now: new Date(), studyName: name }, { align: false });
  const wallMs = performance.now() - t0;
  if (held.length < 3) throw new Error(`expected staging, completing and statistics transactions, got ${held.length}`);
  const [completion, statistics] = held.slice(-2);
  const staging = held.slice(1, -2);
  return { summary, wallMs, completion, statistics, longestStagingMs: Math.max(0, ...staging.map((h) => h.ms)) };
}

/** Runs the benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-complete-'));
  try {
    note(`generating twice ${IMPORT_EPISODES} τ-Voice simulations`);
    const first = writeTau2Run(join(work, 'first'), IMPORT_EPISODES);
    const second = writeTau2Run(join(work, 'second'), IMPORT_EPISODES, 8);
    const file = join(work, 'studio.sqlite');
    const db = openDatabase(file);
    const held = recordWriteTransactions(db);
    note('importing the first run into a new study');
    const rename = await importTimed(db, held, first.dir, 'Study');
    note('importing the second run into that study');
    const move = await importTimed(db, held, second.dir, 'Study');
    db.close();

    const n = (k: number) => k.toLocaleString('en');
    const phase = (what: string, r: typeof rename) =>
      `${what}: ${n(r.summary.episodes)} episodes; completing transaction ${fmtMs(r.completion.ms)} ` +
      `(CPU ${fmtMs(r.completion.cpuMs)}), then planner statistics ${fmtMs(r.statistics.ms)}; ` +
      `longest staging transaction ${fmtMs(r.longestStagingMs)}; import ${fmtMs(r.wallMs)} wall`;
    return {
      name: 'import-complete',
      rows: [
        {
          issue: 14,
          name:
            `completing a ${n(move.summary.episodes)}-call import into an existing study of ` +
            `${n(rename.summary.episodes)}: write lock held`,
          figure: `${fmtMs(move.completion.ms)} lock`,
          baseline: `${fmtMs(rename.completion.ms)} into a new study (rename)`,
          ratio: move.completion.ms / rename.completion.ms,
          target: '< 100 ms (a label save waits for it)',
          pass: move.completion.ms < 100,
        },
      ],
      details: [
        `data: two generated runs of ${n(IMPORT_EPISODES)} τ-Voice simulations (${fmtMB(first.bytes)}, ` +
          `${fmtMB(second.bytes)}), imported one after the other by importPath on this thread; database ` +
          `${fmtMB(statSync(file).size)} at the end`,
        phase('into a new study (the hidden study renamed)', rename),
        phase('into that study (written there, hidden until it completed)', move),
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

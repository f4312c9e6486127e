/** Issue 3: importing 10,000 synthetic τ-Voice episodes (the call behind `earshot import`) vs JSON.parse of the same bytes. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../main/db/open';
import { importPath } from '../main/importers/import-path';
import { defaultImportThreads } from '../main/importers/tau2/import-tau2';
import { readSimArtifacts } from '../main/importers/tau2/artifacts';
import { ImportRoot } from '../main/importers/safe-path';
import { validate } from '../main/importers/read-json';
import { tau2Results } from '../main/importers/tau2/schema';
import { validateSimulation } from '../main/importers/tau2/simulation-check';
import { simulationToEpisode, type RunContext } from '../main/importers/tau2/simulation-episode';
import { writeTau2Run } from './gen/tau2-run';
import { monolithicRead } from './import-monolithic';
import { fmtMB, fmtMs, median, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';
import type { ImportSummary } from '../shared/methods/imports';

/** Episodes imported. */
export const IMPORT_EPISODES = Number(process.env.BENCH_IMPORT_EPISODES ?? 10_000);

/** Reads every file the importer reads: JSON files are parsed, the rest (WAVs, label tracks) only read. */
function baselineRead(files: readonly string[]): number {
  let n = 0;
  for (const f of files) {
    if (f.endsWith('.json')) {
      const value = JSON.parse(readFileSync(f, 'utf8')) as object;
      n += value ? 1 : 0;
    } else {
      n += readFileSync(f).length > 0 ? 1 : 0;
    }
  }
  return n;
}

/**
 * Where the reader's time goes, measured with its own functions on the same files: read + JSON.parse (the baseline's
 * work), schema validation, probing each simulation's artifacts folder, and building the episode.
 */
function readerBreakdown(dir: string): Record<string, number> {
  const meta = validate(
    tau2Results,
    JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')),
    'results.json',
    'file',
  );
  const tickMs = (meta.info.audio_native_config?.tick_duration_seconds ?? 0.2) * 1000;
  const ctx: RunContext = { info: meta.info, tickMs, criteriaByTask: new Map(), warn: () => undefined };
  const root = new ImportRoot(dir);
  const t = { parse: 0, validate: 0, artifacts: 0, episode: 0 };
  for (const name of readdirSync(join(dir, 'simulations')).sort()) {
    let t0 = performance.now();
    const raw = JSON.parse(readFileSync(join(dir, 'simulations', name), 'utf8')) as unknown;
    t.parse += performance.now() - t0;
    t0 = performance.now();
    const sim = validateSimulation(raw, name, 'simulation');
    t.validate += performance.now() - t0;
    t0 = performance.now();
    const artifacts = readSimArtifacts(root, sim.task_id, sim.id, { file: name, record: 'simulation' });
    t.artifacts += performance.now() - t0;
    t0 = performance.now();
    if (artifacts.status !== 'discarded') simulationToEpisode(sim, artifacts, ctx, name);
    t.episode += performance.now() - t0;
  }
  return t;
}

/** Waits until the database at `file` has no write-ahead log left: every connection, the checkpoint worker's too, closed. */
async function logCopied(file: string): Promise<void> {
  for (const end = Date.now() + 30_000; existsSync(`${file}-wal`) && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 10));
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs the import benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-import-'));
  try {
    note(`generating ${IMPORT_EPISODES} τ-Voice simulations`);
    const gen0 = performance.now();
    const run = writeTau2Run(join(work, 'run'), IMPORT_EPISODES);
    const genMs = performance.now() - gen0;
    note(`wrote ${run.files.length} files, ${fmtMB(run.bytes)} in ${fmtMs(genMs)}`);

    baselineRead(run.files); // warm the page cache and the JIT for both sides
    const baselines: number[] = [];
    const baselineCpu: number[] = [];
    const timeBaseline = () => {
      const c0 = cpuMs();
      const t0 = performance.now();
      baselineRead(run.files);
      baselines.push(performance.now() - t0);
      baselineCpu.push(cpuMs() - c0);
    };
    // three imports, each into a fresh database, between baseline runs (so a burst of load elsewhere shows in both);
    // the first import of the process also compiles the importer's code, as the baseline's own first run (above) did
    const imports: { ms: number; cpu: number; dbBytes: number; summary: ImportSummary }[] = [];
    for (let i = 0; i < 3; i++) {
      timeBaseline();
      const file = join(work, `import-${i}.db`);
      const db = openDatabase(file);
      const c0 = cpuMs();
      const t0 = performance.now();
      const summary = await importPath(db, run.dir, 'tau2', { now: new Date('2026-07-01T00:00:00Z') });
      const ms = performance.now() - t0;
      const cpu = cpuMs() - c0;
      db.close();
      await logCopied(file); // the worker that copies the log into the file is done before anything else is timed
      imports.push({ ms, cpu, dbBytes: statSync(file).size, summary });
    }
    timeBaseline();
    const baseline = median(baselines);
    const total = median(imports.map((r) => r.ms));
    const ratio = total / baseline;
    const { summary, dbBytes } = imports[0];
    const cpu = median(imports.map((r) => r.cpu));
    note('reader breakdown');
    const parts = readerBreakdown(run.dir);
    if (summary.episodes + summary.skipped !== IMPORT_EPISODES)
      throw new Error(`imported ${summary.episodes} + skipped ${summary.skipped} of ${IMPORT_EPISODES}`);
    if (imports.some((r) => JSON.stringify(r.summary) !== JSON.stringify(summary)))
      throw new Error('the three imports did not write the same');
    const monolithic = monolithicRead(run, join(work, 'monolithic'));
    return {
      name: 'import',
      rows: [
        {
          issue: 3,
          name: `import ${IMPORT_EPISODES.toLocaleString('en')} τ-Voice episodes`,
          figure: fmtMs(total),
          baseline: `${fmtMs(baseline)} JSON.parse`,
          ratio,
          target: '≤ 3× baseline',
          pass: ratio <= 3,
        },
        monolithic.row,
      ],
      details: [
        `data: ${run.simulations} simulations (${run.fullDuplex} full-duplex, ${run.simulations - run.fullDuplex} half-duplex), ` +
          `${run.withAudio} with a both.wav + label tracks, ${run.discarded} discarded; ${run.files.length} files, ${fmtMB(run.bytes)}; generated in ${fmtMs(genMs)}`,
        `import: importPath (as \`earshot import\`: ${defaultImportThreads()} worker thread(s) beside the writer), median of 3 into fresh databases: ${imports.map((r) => fmtMs(r.ms)).join(', ')}; ` +
          `${summary.episodes} episodes, ${summary.turns} turns, ${summary.judgements} judgements, ${summary.audio} audio, ${summary.skipped} skipped; database file ${fmtMB(dbBytes)}`,
        `baseline: read + JSON.parse of the same ${run.files.length} files (non-JSON files read only), one run before each import and one after the last, after a warm-up run; median of: ${baselines.map(fmtMs).join(', ')}`,
        `CPU time (user + system, all threads), medians: import ${fmtMs(cpu)} vs baseline ${fmtMs(median(baselineCpu))} → ${(cpu / median(baselineCpu)).toFixed(2)}×`,
        `reader breakdown (its own functions, same files): read + JSON.parse ${fmtMs(parts.parse)}, validation ${fmtMs(parts.validate)}, ` +
          `artifact probing (readSimArtifacts) ${fmtMs(parts.artifacts)}, simulationToEpisode ${fmtMs(parts.episode)}`,
        ...monolithic.details,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

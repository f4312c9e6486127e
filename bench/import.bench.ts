/** Issue 3: importing 10,000 synthetic τ-Voice episodes (real reader + the one writer) vs JSON.parse of the same bytes. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../main/db/open';
import { readTau2 } from '../main/importers/tau2/read-tau2';
import { readSimArtifacts } from '../main/importers/tau2/artifacts';
import { ImportRoot } from '../main/importers/safe-path';
import { validate } from '../main/importers/tau2/read-json';
import { tau2Results } from '../main/importers/tau2/schema';
import { validateSimulation } from '../main/importers/tau2/simulation-check';
import { simulationToEpisode, type RunContext } from '../main/importers/tau2/simulation-episode';
import { writeBatch } from '../main/importers/write-batch';
import { writeTau2Run } from './gen/tau2-run';
import { fmtMB, fmtMs, median, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';

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
  const meta = validate(tau2Results, JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')), 'results.json', 'file');
  const tickMs = (meta.info.audio_native_config?.tick_duration_seconds ?? 0.2) * 1000;
  const ctx: RunContext = { info: meta.info, tickMs, warn: () => undefined };
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
    timeBaseline();
    timeBaseline();

    const db = openDatabase(join(work, 'import.db'));
    const c0 = cpuMs();
    const t0 = performance.now();
    const batch = await readTau2(run.dir);
    const t1 = performance.now();
    const c1 = cpuMs();
    const summary = await writeBatch(db, batch, { now: new Date('2026-07-01T00:00:00Z') });
    const t2 = performance.now();
    const c2 = cpuMs();
    db.close();
    const dbBytes = statSync(join(work, 'import.db')).size;
    timeBaseline(); // before and after, so a burst of load elsewhere shows in both
    timeBaseline();
    const baseline = median(baselines);
    const readMs = t1 - t0;
    const writeMs = t2 - t1;
    const total = readMs + writeMs;
    const ratio = total / baseline;
    note('reader breakdown');
    const parts = readerBreakdown(run.dir);
    if (summary.episodes + summary.skipped !== IMPORT_EPISODES) throw new Error(`imported ${summary.episodes} + skipped ${summary.skipped} of ${IMPORT_EPISODES}`);
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
      ],
      details: [
        `data: ${run.simulations} simulations (${run.fullDuplex} full-duplex, ${run.simulations - run.fullDuplex} half-duplex), ` +
          `${run.withAudio} with a both.wav + label tracks, ${run.discarded} discarded; ${run.files.length} files, ${fmtMB(run.bytes)}; generated in ${fmtMs(genMs)}`,
        `import: readTau2 ${fmtMs(readMs)} + writeBatch ${fmtMs(writeMs)} = ${fmtMs(total)}; ` +
          `${summary.episodes} episodes, ${summary.turns} turns, ${summary.judgements} judgements, ${summary.audio} audio, ${summary.skipped} skipped; database file ${fmtMB(dbBytes)}`,
        `baseline: read + JSON.parse of the same ${run.files.length} files (non-JSON files read only), 2 runs before and 2 after the import, median: ${baselines.map(fmtMs).join(', ')}`,
        `CPU time (user + system, all threads): import ${fmtMs(c2 - c0)} (read ${fmtMs(c1 - c0)}, write ${fmtMs(c2 - c1)}) vs baseline ${fmtMs(median(baselineCpu))} → ${((c2 - c0) / median(baselineCpu)).toFixed(2)}×`,
        `reader breakdown (its own functions, same files): read + JSON.parse ${fmtMs(parts.parse)}, validation ${fmtMs(parts.validate)}, ` +
          `artifact probing (readSimArtifacts) ${fmtMs(parts.artifacts)}, simulationToEpisode ${fmtMs(parts.episode)}`,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

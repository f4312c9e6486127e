/** Issue 3: importing 10,000 synthetic τ-Voice episodes (real reader + the one writer) vs JSON.parse of the same bytes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../main/db/open';
import { readTau2 } from '../main/importers/tau2/read-tau2';
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
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      baselineRead(run.files);
      baselines.push(performance.now() - t0);
    }
    const baseline = median(baselines);

    const db = openDatabase(join(work, 'import.db'));
    const t0 = performance.now();
    const batch = await readTau2(run.dir);
    const t1 = performance.now();
    const summary = await writeBatch(db, batch, { now: new Date('2026-07-01T00:00:00Z') });
    const t2 = performance.now();
    db.close();
    const readMs = t1 - t0;
    const writeMs = t2 - t1;
    const total = readMs + writeMs;
    const ratio = total / baseline;
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
          `${summary.episodes} episodes, ${summary.turns} turns, ${summary.judgements} judgements, ${summary.audio} audio, ${summary.skipped} skipped`,
        `baseline: read + JSON.parse of the same ${run.files.length} files (non-JSON files read only), median of 3 after a warm-up: ${baselines.map(fmtMs).join(', ')}`,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

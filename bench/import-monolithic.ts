/**
 * Issue 14: a monolithic τ² results.json (every simulation in one file, as tau2-bench writes it) read streamed, one
 * simulation at a time, against reading it whole (readFileSync + JSON.parse, what the importer did before) in the same
 * run. Memory is what stays reachable after a full collection: measured after the whole-file parse, and every 100
 * simulations while the streamed reader runs (the peak is reported).
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readSimulations } from '../main/importers/tau2/read-simulations';
import { planTau2Run, runContext } from '../main/importers/tau2/run-plan';
import type { GeneratedRun } from './gen/tau2-run';
import { fmtMB, fmtMs, note } from './lib/measure';
import type { BenchRow } from './lib/result';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Bytes reachable now: the heap and array buffers, after a full collection. */
function heldBytes(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Simulations in the file: a few thousand, as a large tau2-bench run writes them. */
const MONOLITHIC_SIMULATIONS = Number(process.env.BENCH_MONOLITHIC_SIMULATIONS ?? 3000);

/** Writes the run's first simulations and results.json as one file in `into/run/`, its artifacts beside it. */
function writeMonolithic(run: GeneratedRun, into: string): string {
  const { tasks, ...head } = JSON.parse(readFileSync(join(run.dir, 'results.json'), 'utf8')) as Record<string, unknown>;
  const names = readdirSync(join(run.dir, 'simulations')).sort().slice(0, MONOLITHIC_SIMULATIONS);
  const sims = names.map((n) => readFileSync(join(run.dir, 'simulations', n)));
  const file = join(into, 'run', 'results.json');
  cpSync(join(run.dir, 'artifacts'), join(into, 'run', 'artifacts'), { recursive: true });
  const parts = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"simulations":[`)];
  sims.forEach((s, i) => parts.push(...(i ? [Buffer.from(','), s] : [s])));
  parts.push(Buffer.from(`],"tasks":${JSON.stringify(tasks)}}`));
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** Reads the file whole, as before; returns the bytes held with the parsed document alive, and the time. */
function wholeFile(file: string): { held: number; ms: number; count: number } {
  const before = heldBytes();
  const t0 = performance.now();
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { simulations: unknown[] };
  const ms = performance.now() - t0;
  const held = heldBytes() - before;
  return { held, ms, count: doc.simulations.length };
}

/** Reads every simulation through the importer's reader (outline, then one at a time), as an import does. */
function streamed(file: string): { peak: number; ms: number; planMs: number; count: number } {
  const before = heldBytes();
  let peak = 0;
  let sampling = 0;
  const t0 = performance.now();
  const plan = planTau2Run(file);
  const planMs = performance.now() - t0;
  let count = 0;
  for (const sim of readSimulations(
    plan,
    runContext(plan, () => undefined),
    0,
    plan.simulations.length,
  )) {
    count += sim.id ? 1 : 0;
    if (count % 100 === 0) {
      const s0 = performance.now();
      peak = Math.max(peak, heldBytes() - before);
      sampling += performance.now() - s0;
    }
  }
  const ms = performance.now() - t0 - sampling;
  return { peak: Math.max(peak, heldBytes() - before), ms, planMs, count };
}

/** The bench row and its details: memory held reading the run as one file, streamed against whole. */
export function monolithicRead(run: GeneratedRun, work: string): { row: BenchRow; details: string[] } {
  note('writing the run as one results.json');
  const file = writeMonolithic(run, work);
  const bytes = statSync(file).size;
  note('reading it whole, then streamed');
  const whole = wholeFile(file);
  const stream = streamed(file);
  if (stream.count !== whole.count) throw new Error(`streamed ${stream.count} of ${whole.count} simulations`);
  const ratio = stream.peak / whole.held;
  return {
    row: {
      issue: 14,
      name: `memory held reading a ${fmtMB(bytes)} results.json of ${whole.count.toLocaleString('en')} simulations`,
      figure: `${fmtMB(stream.peak)} peak`,
      baseline: `${fmtMB(whole.held)} JSON.parse whole`,
      ratio,
      target: '≤ 0.1× baseline',
      pass: ratio <= 0.1,
    },
    details: [
      `monolithic results.json: ${fmtMB(bytes)}, ${whole.count} simulations, tasks after them; memory is heap + ` +
        `array buffers reachable after a full GC. Streamed: peak of samples every 100 simulations while the ` +
        `importer's reader runs (outline, then each simulation read, checked and turned into an episode), ` +
        `${fmtMs(stream.ms)}, of which the outline pass over the file ${fmtMs(stream.planMs)}. Whole: after ` +
        `readFileSync + JSON.parse with the document alive, ${fmtMs(whole.ms)} (parse only, no episodes built)`,
    ],
  };
}

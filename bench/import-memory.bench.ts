/**
 * Issue 14: a generic JSONL import is written as it is read, so its memory does not grow with the file. Each way
 * imports the same generated 200,000-line file in a process of its own (peak resident memory is a process's): the
 * import as `earshot import` does it, and the baseline in the same run, the former path that read every episode of the
 * file before writing the first (`readGenericJsonl` + `writeBatch`, the same writer).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMB, fmtMs, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';

const LINES = 200_000;

/** Writes the study: four turns of 20 words each per line, four systems, 50 tasks. */
async function writeStudy(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${JSON.stringify({ schema: 'earshot-study-v1', name: 'Memory', benchmark: 'generic' })}\n`);
  for (let i = 0; i < LINES; i++) {
    const turns = Array.from({ length: 4 }, (_, k) => ({
      speaker: k % 2 ? 'agent' : 'user',
      text: `${'word '.repeat(20)}${i}`,
      start_ms: k * 1000,
      end_ms: k * 1000 + 900,
    }));
    const line = { schema: 'earshot-episode-v1', id: `ep${i}`, system: `s${i % 4}`, task: `t${i % 50}`, turns };
    const more = out.write(`${JSON.stringify(line)}\n`);
    if (!more) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

interface ImportRun {
  ms: number;
  episodes: number;
  maxRssBytes: number;
}

function importIn(way: 'streamed' | 'whole', file: string, db: string): ImportRun {
  const script = fileURLToPath(new URL('./import-generic-memory.ts', import.meta.url));
  const bin = fileURLToPath(new URL('../bin/tsx-run.mjs', import.meta.url));
  return JSON.parse(execFileSync(process.execPath, [bin, script, way, file, db], { encoding: 'utf8' })) as ImportRun;
}

/** Runs the bench. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-memory-'));
  try {
    const file = join(work, 'calls.jsonl');
    note(`writing ${LINES.toLocaleString('en')} generic lines`);
    await writeStudy(file);
    note('importing as `earshot import` does, then reading the whole file first (each in its own process)');
    const streamed = importIn('streamed', file, join(work, 'streamed.db'));
    const whole = importIn('whole', file, join(work, 'whole.db'));
    if (streamed.episodes !== LINES || whole.episodes !== LINES)
      throw new Error(`imported ${streamed.episodes} and ${whole.episodes} of ${LINES}`);
    const ratio = streamed.maxRssBytes / whole.maxRssBytes;
    return {
      name: 'import-memory',
      rows: [
        {
          issue: 14,
          name: `import ${LINES.toLocaleString('en')} generic JSONL lines: peak resident memory`,
          figure: fmtMB(streamed.maxRssBytes),
          baseline: `${fmtMB(whole.maxRssBytes)} whole file first`,
          ratio,
          target: '≤ 0.6× baseline',
          pass: ratio <= 0.6,
        },
      ],
      details: [
        `data: ${LINES.toLocaleString('en')} lines of four 20-word turns, ${fmtMB(statSync(file).size)}`,
        `streamed (importPath): ${fmtMs(streamed.ms)}, peak RSS ${fmtMB(streamed.maxRssBytes)}; ` +
          `whole file first (readGenericJsonl + writeBatch): ${fmtMs(whole.ms)}, peak RSS ${fmtMB(whole.maxRssBytes)}`,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

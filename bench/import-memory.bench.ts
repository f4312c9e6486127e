/**
 * Issue 14: a generic JSONL and a VERA episodes file are written as they are read, so an import's memory does not grow
 * with the file. Each way imports the same generated file in a process of its own (peak resident memory is a
 * process's): the import as `earshot import` does it, and the baseline in the same run, a path that reads every episode
 * of the file before writing the first (`readGenericJsonl` or `readVera`, then `writeBatch`, the same writer).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMB, fmtMs, note, peakRssBytes } from './lib/measure';
import type { BenchResult, BenchRow } from './lib/result';
import { writeVeraEpisodes } from './gen/vera-episodes';

const LINES = 200_000;
const VERA_EPISODES = 20_000;

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

function importIn(way: 'streamed' | 'whole', format: 'generic' | 'vera', file: string, db: string): ImportRun {
  const script = fileURLToPath(new URL('./import-memory-run.ts', import.meta.url));
  const bin = fileURLToPath(new URL('../bin/tsx-run.mjs', import.meta.url));
  const args = [bin, script, way, format, file, db];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as ImportRun;
}

/** Both ways on `file`, in their own processes; the row compares their peak resident memory. */
function compare(format: 'generic' | 'vera', file: string, expected: number, work: string) {
  const streamed = importIn('streamed', format, file, join(work, `${format}-streamed.db`));
  const whole = importIn('whole', format, file, join(work, `${format}-whole.db`));
  if (streamed.episodes !== expected || whole.episodes !== expected)
    throw new Error(`${format}: imported ${streamed.episodes} and ${whole.episodes} of ${expected}`);
  return { streamed, whole, ratio: streamed.maxRssBytes / whole.maxRssBytes };
}

/** The row of one format. */
function row(what: string, baseline: string, { streamed, whole, ratio }: ReturnType<typeof compare>): BenchRow {
  return {
    issue: 14,
    name: `import ${what}: peak resident memory`,
    figure: fmtMB(streamed.maxRssBytes),
    baseline: `${fmtMB(whole.maxRssBytes)} ${baseline}`,
    ratio,
    target: '≤ 0.6× baseline',
    pass: ratio <= 0.6,
  };
}

/** The details line of one comparison. */
function detail(format: string, whole: string, { streamed, whole: held }: ReturnType<typeof compare>): string {
  const way = (r: ImportRun) => `${fmtMs(r.ms)}, peak RSS ${fmtMB(r.maxRssBytes)}`;
  const first = `every episode first (${whole} + writeBatch): ${way(held)}`;
  return `${format}: streamed (importPath): ${way(streamed)}; ${first}`;
}

/** Runs the bench. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-memory-'));
  try {
    const jsonl = join(work, 'calls.jsonl');
    const vera = join(work, 'vera-episodes.json');
    note(`writing ${LINES.toLocaleString('en')} generic lines and ${VERA_EPISODES.toLocaleString('en')} VERA episodes`);
    await writeStudy(jsonl);
    await writeVeraEpisodes(vera, VERA_EPISODES);
    note('importing each as `earshot import` does, then holding every episode first (each in its own process)');
    const generic = compare('generic', jsonl, LINES, work);
    const episodes = compare('vera', vera, VERA_EPISODES, work);
    return {
      name: 'import-memory',
      rows: [
        row(`${LINES.toLocaleString('en')} generic JSONL lines`, 'whole file first', generic),
        row(`a VERA file of ${VERA_EPISODES.toLocaleString('en')} episodes`, 'every episode first', episodes),
      ],
      details: [
        `data: ${LINES.toLocaleString('en')} lines of four 20-word turns, ${fmtMB(statSync(jsonl).size)}; ` +
          `${VERA_EPISODES.toLocaleString('en')} VERA episodes with an 8 kB context document, ` +
          fmtMB(statSync(vera).size),
        detail('generic', 'readGenericJsonl', generic),
        detail('VERA', 'readVera', episodes),
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

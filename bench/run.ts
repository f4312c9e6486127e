/**
 * `npm run bench`: runs each benchmark in its own child process (so one's memory and JIT state cannot colour another's)
 * and prints, per target, the figure, the baseline measured in the same run on the same data, their ratio, the target
 * and PASS/FAIL, then the details. It is a report, not a test: it always exits 0.
 *
 *   npm run bench                 every benchmark
 *   npm run bench -- import peaks only those (import, import-saves, import-complete, import-memory, peaks, agreement,
 *                                 judge-validation, query, browser, ppi, align, results)
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { fmtMB, fmtMs } from './lib/measure';
import type { BenchResult } from './lib/result';

const ALL = [
  'import',
  'import-saves',
  'import-complete',
  'import-memory',
  'peaks',
  'agreement',
  'judge-validation',
  'query',
  'browser',
  'ppi',
  'align',
  'results',
] as const;
/** Per-benchmark time limit; the browser one includes a capped (60 s) whole-file decode. */
const LIMIT_MS: Record<string, number> = {
  import: 240_000,
  'import-saves': 300_000,
  'import-complete': 240_000,
  'import-memory': 240_000,
  peaks: 120_000,
  agreement: 60_000,
  'judge-validation': 120_000,
  query: 240_000,
  browser: 240_000,
  ppi: 60_000,
  align: 420_000,
  results: 900_000,
};

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function runChild(name: string, out: string): Promise<{ result: BenchResult | null; problem: string | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'tsx-run.mjs'), join(repoRoot, 'bench', 'child.ts'), name, out], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d;
      process.stderr.write(d);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS[name] ?? 240_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (existsSync(out)) return resolve({ result: JSON.parse(readFileSync(out, 'utf8')) as BenchResult, problem: null });
      const why = signal === 'SIGKILL' ? `killed after ${fmtMs(LIMIT_MS[name] ?? 240_000)}` : `exited with ${code ?? signal}`;
      resolve({ result: null, problem: `${why}: ${stderr.trim().split('\n').slice(-3).join(' | ')}` });
    });
  });
}

function gitHead(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() ? ' + uncommitted changes' : '';
    return head + dirty;
  } catch {
    return 'unknown';
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ratioText = (r: number | null) => (r === null || !Number.isFinite(r) ? '—' : r >= 100 ? `${Math.round(r).toLocaleString('en')}×` : `${r.toFixed(2)}×`);

async function main(): Promise<void> {
  const asked = process.argv.slice(3).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((a) => !(ALL as readonly string[]).includes(a));
  if (unknown.length) {
    console.log(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
    return;
  }
  const names = asked.length ? asked : [...ALL];
  const started = new Date();
  const load0 = loadavg();
  const t0 = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'earshot-bench-run-'));
  const results: BenchResult[] = [];
  const problems: string[] = [];
  try {
    for (const name of names) {
      process.stderr.write(`bench ${name} …\n`);
      const { result, problem } = await runChild(name, join(work, `${name}.json`));
      if (result) results.push(result);
      else problems.push(`${name}: not measured — ${problem}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const totalMs = performance.now() - t0;
  const load1 = loadavg();

  const rows = results.flatMap((r) => r.rows).map((row, i) => [
    String(i + 1),
    `#${row.issue}`,
    row.name,
    row.figure,
    row.baseline,
    ratioText(row.ratio),
    row.target,
    row.pass === null ? '—' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const out: string[] = [];
  out.push(`Earshot bench — ${started.toISOString()} — git ${gitHead()}`);
  out.push(
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${fmtMB(totalmem())} RAM; ` +
      `load average ${load0[0].toFixed(2)} at start, ${load1[0].toFixed(2)} at end (figures are noisy when other work shares the cores)`,
  );
  out.push('');
  out.push(table(['#', 'issue', 'target', 'figure', 'baseline (same run, same data)', 'ratio', 'goal', 'result'], rows));
  for (const p of problems) out.push(`\n${p}`);
  for (const r of results) {
    out.push(`\n${r.name} (${fmtMs(r.wallMs)} wall, peak RSS ${fmtMB(r.peakRssBytes)})`);
    for (const d of r.details) out.push(`  ${d.replace(/\n/g, '\n  ')}`);
  }
  out.push(`\ntotal ${fmtMs(totalMs)}`);
  console.log(out.join('\n'));
}

await main();
process.exitCode = 0;

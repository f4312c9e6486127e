/** Runs one benchmark in this process and writes its result as JSON to the file named by argv[4] (or stdout); argv[3] names it (argv[2] is this file, run through bin/tsx-run.mjs). */
import { writeFileSync } from 'node:fs';
import type { BenchResult } from './lib/result';

const loaders: Record<string, () => Promise<{ run: () => Promise<BenchResult> }>> = {
  import: () => import('./import.bench'),
  'import-saves': () => import('./import-saves.bench'),
  'import-complete': () => import('./import-complete.bench'),
  'import-memory': () => import('./import-memory.bench'),
  peaks: () => import('./peaks.bench'),
  agreement: () => import('./agreement.bench'),
  'judge-validation': () => import('./judge-validation.bench'),
  query: () => import('./query.bench'),
  browser: () => import('./browser.bench'),
  ppi: () => import('./ppi.bench'),
  results: () => import('./results.bench'),
  align: () => import('./align.bench'),
};

const name = process.argv[3];
const out = process.argv[4];
const load = loaders[name];
if (!load) {
  process.stderr.write(`unknown benchmark "${name}"; one of ${Object.keys(loaders).join(', ')}\n`);
  process.exit(2);
}
const result = await (await load()).run();
const json = JSON.stringify(result);
if (out) writeFileSync(out, json);
else process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

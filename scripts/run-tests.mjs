#!/usr/bin/env node
// Runs every test with vitest — the unit project first, then the end-to-end project (Chromium), one after the
// other so browsers don't compete with unit tests for the CPU — and prints the closing line CI reads:
// "N passed, N failed, N skipped". Extra arguments are passed to both vitest runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

for (const project of ['unit', 'e2e']) {
  const report = join(root, 'test-results', `vitest-${project}.json`);
  mkdirSync(dirname(report), { recursive: true });
  rmSync(report, { force: true });
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  );
  if (!existsSync(report)) {
    console.error(`vitest (${project}) produced no report; see its output above`);
    totals.failed += 1;
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed')).length;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + brokenFiles;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (run.status !== 0) ok = false;
}

console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);

#!/usr/bin/env node
// Runs every test (unit and end-to-end) with vitest, then prints the closing line CI reads: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, 'test-results', 'vitest.json');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });

const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);

if (!existsSync(report)) {
  console.log('0 passed, 1 failed');
  console.error('vitest produced no report; see its output above');
  process.exit(run.status || 1);
}
const results = JSON.parse(readFileSync(report, 'utf8'));
const passed = results.numPassedTests;
const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites ?? 0) + (results.numFailedTestSuites && !results.numFailedTests ? results.numFailedTestSuites : 0);
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

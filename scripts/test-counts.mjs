#!/usr/bin/env node
// Prints, as a Markdown table, how many tests each folder holds and how many passed, failed or were skipped, from
// the JSON reports `npm test` writes (test-results/vitest-unit.json and vitest-e2e.json). docs/testing.md quotes it.
// Folders: main/<area>, renderer, shared, scripts, test-support and e2e; a file elsewhere counts under its top folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The folder a test file is counted under. */
function folderOf(file) {
  const parts = relative(root, file).split(sep);
  return parts[0] === 'main' && parts.length > 2 ? `main/${parts[1]}` : parts[0];
}

const rows = new Map();
for (const project of ['unit', 'e2e']) {
  const report = join(root, 'test-results', `vitest-${project}.json`);
  if (!existsSync(report)) {
    console.error(`no ${relative(root, report)}: run npm test first`);
    process.exit(1);
  }
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) {
    const key = folderOf(file.name);
    const row = rows.get(key) ?? { files: 0, tests: 0, passed: 0, failed: 0, skipped: 0 };
    row.files += 1;
    for (const a of file.assertionResults ?? []) {
      row.tests += 1;
      if (a.status === 'passed') row.passed += 1;
      else if (a.status === 'failed') row.failed += 1;
      else row.skipped += 1;
    }
    rows.set(key, row);
  }
}

const sorted = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b));
const total = sorted.reduce(
  (t, [, r]) => ({
    files: t.files + r.files,
    tests: t.tests + r.tests,
    passed: t.passed + r.passed,
    failed: t.failed + r.failed,
    skipped: t.skipped + r.skipped,
  }),
  { files: 0, tests: 0, passed: 0, failed: 0, skipped: 0 },
);
console.log('| folder | files | tests | passed | failed | skipped |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [key, r] of [...sorted, ['**all**', total]])
  console.log(`| ${key} | ${r.files} | ${r.tests} | ${r.passed} | ${r.failed} | ${r.skipped} |`);

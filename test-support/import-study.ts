/** Studies for tests: import a file or folder into a test database as `earshot import` does, write a JSONL study. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../main/services/services';
import { detectFormat } from '../main/importers/detect';
import { importPath } from '../main/importers/import-path';

/** Imports `path` (format detected) as study `name`, as `earshot import` does; returns the study id. */
export async function importStudy(s: Services, path: string, name: string): Promise<number> {
  const format = detectFormat(path);
  if (!format) throw new Error(`${path}: no format detected`);
  const summary = await importPath(s.db, path, format, { now: new Date('2026-01-02T03:04:05Z'), studyName: name });
  return summary.study.id;
}

/** Writes `lines` as JSON lines to `dir/name` and returns the path. */
export function writeJsonl(dir: string, name: string, lines: readonly unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

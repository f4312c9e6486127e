/** Test helpers of the metrics tests: import a file or folder into a temp database, write a JSONL study. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../services/services';
import { readAny } from '../importers/detect';
import { writeBatch } from '../importers/write-batch';

/** Imports `path` (format detected) as study `name`; returns the study id. */
export async function importStudy(s: Services, path: string, name: string): Promise<number> {
  const summary = await writeBatch(s.db, await readAny(path), { now: new Date('2026-01-02T03:04:05Z'), studyName: name });
  return summary.study.id;
}

/** Writes `lines` as JSON lines to `dir/name` and returns the path. */
export function writeJsonl(dir: string, name: string, lines: readonly unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

/** Imports the built-in demo study into a database that has no studies yet. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/open';
import { hasStudies } from '../db/studies';
import { readGenericJsonl } from '../importers/generic/read-generic';
import { writeBatch } from '../importers/write-batch';

/** The demo study's JSONL inside resources/. */
export function demoFile(resourcesDir: string): string {
  return join(resourcesDir, 'demo', 'demo.jsonl');
}

/** On first use (no studies at all), imports the demo study so the studio opens on something real. */
export async function ensureDemoStudy(db: Db, resourcesDir: string, now: Date): Promise<void> {
  const file = demoFile(resourcesDir);
  if (hasStudies(db) || !existsSync(file)) return;
  const batch = await readGenericJsonl(file);
  await writeBatch(db, batch, { now });
}

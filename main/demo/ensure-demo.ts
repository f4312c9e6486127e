/** Imports the built-in demo study into a database that has no studies yet. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../services/services';
import { readGenericJsonl } from '../importers/generic/read-generic';
import { writeBatch } from '../importers/write-batch';

/** The demo study's JSONL inside resources/. */
export function demoFile(resourcesDir: string): string {
  return join(resourcesDir, 'demo', 'demo.jsonl');
}

/** On first use (no studies at all), imports the demo study so the studio opens on something real. */
export async function ensureDemoStudy(services: Services): Promise<void> {
  const { n } = services.db.prepare('SELECT COUNT(*) AS n FROM studies').get() as { n: number };
  const file = demoFile(services.paths.resourcesDir);
  if (n > 0 || !existsSync(file)) return;
  const batch = await readGenericJsonl(file);
  await writeBatch(services.db, batch, { now: services.clock() });
}

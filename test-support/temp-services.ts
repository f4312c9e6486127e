/** Services on a fresh temporary database file, for tests; `cleanup` closes and deletes it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Services } from '../main/services/services';
import { openStudioServices, type StudioOptions } from '../main/demo/studio-services';

/** Services plus the temp folder and a cleanup function. */
export interface TempServices {
  services: Services;
  dir: string;
  dbPath: string;
  cleanup(): void;
}

/** Opens services on `<tmp>/earshot.db` (with the demo study unless `demo: false`). */
export async function tempServices(options: StudioOptions = {}): Promise<TempServices> {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-test-'));
  const dbPath = join(dir, 'earshot.db');
  const services = await openStudioServices(dbPath, { clock: () => new Date('2026-01-02T03:04:05Z'), ...options });
  return {
    services,
    dir,
    dbPath,
    cleanup() {
      services.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

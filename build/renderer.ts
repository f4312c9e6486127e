/** Builds the renderer with Vite into dist/renderer, or only when it is missing or older than its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-root';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** True when the built renderer is missing or a source in renderer/ or shared/ is newer. */
export function rendererIsStale(root: string = repoRoot): boolean {
  const index = join(root, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  if (!existsSync(join(root, 'renderer'))) return false;
  const built = statSync(index).mtimeMs;
  return Math.max(newestMtime(join(root, 'renderer')), newestMtime(join(root, 'shared'))) > built;
}

/** Builds dist/renderer from renderer/ with the repository's vite.config.ts. */
export async function buildRenderer(root: string = repoRoot): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

/** Builds dist/renderer if stale; returns whether a build ran. */
export async function ensureRendererBuilt(
  root: string = repoRoot,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if (!rendererIsStale(root)) return false;
  log('Building the Earshot UI (first run or sources changed)…');
  await buildRenderer(root);
  return true;
}

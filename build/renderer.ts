/** Builds the renderer with Vite into dist/renderer, or only when it is missing or older than its sources. */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

/** Written beside the built renderer by `buildRenderer`: a build without it may be React's development build. */
const BUILD_MARK = 'production-build.json';

/**
 * True when the built renderer is missing or, where its sources are, was not built by `buildRenderer` as a
 * production build or is older than a source in renderer/ or shared/.
 */
export function rendererIsStale(root: string = repoRoot): boolean {
  const index = join(root, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  if (!existsSync(join(root, 'renderer'))) return false; // no sources to build from (a packaged app)
  if (!existsSync(join(root, 'dist', 'renderer', BUILD_MARK))) return true;
  const built = statSync(index).mtimeMs;
  return Math.max(newestMtime(join(root, 'renderer')), newestMtime(join(root, 'shared'))) > built;
}

/**
 * Builds dist/renderer from renderer/ with the repository's vite.config.ts, always as a production build: Vite keeps
 * a NODE_ENV it finds set, and a studio started by the tests (NODE_ENV=test) would otherwise build and leave behind
 * React's development build, several times slower, for every later start.
 */
export async function buildRenderer(root: string = repoRoot): Promise<void> {
  const { build } = await import('vite');
  const callers = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (callers === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callers;
  }
  writeFileSync(join(root, 'dist', 'renderer', BUILD_MARK), JSON.stringify({ nodeEnv: 'production' }) + '\n');
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

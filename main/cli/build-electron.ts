/** Bundles the Electron main process and preload into dist/electron as CommonJS, leaving native modules external. */
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { appRoot } from '../services/paths';

const external = ['electron', 'better-sqlite3', 'ws', 'bufferutil', 'utf-8-validate', 'vite', '@vitejs/plugin-react', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Worker threads, bundled as ES modules under the names the main bundle resolves beside itself (no tsx needed). */
const WORKERS = [
  ['main/annotation/batch-worker.ts', 'batch-worker-entry.mjs'],
  ['main/stats/agreement/report-worker.ts', 'report-worker-entry.mjs'],
] as const;

/** Builds dist/electron/main.cjs, preload.cjs and the worker entries. */
export async function buildElectron(root: string = appRoot): Promise<void> {
  const { build } = await import('vite');
  for (const [entry, file] of WORKERS) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        ssr: join(root, entry),
        outDir: join(root, 'dist', 'electron'),
        emptyOutDir: false,
        target: 'node20',
        rollupOptions: { external, output: { format: 'es', entryFileNames: file } },
      },
    });
  }
  for (const [entry, name] of [['main/electron/main.ts', 'main'], ['preload/index.ts', 'preload']] as const) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        ssr: join(root, entry),
        outDir: join(root, 'dist', 'electron'),
        emptyOutDir: false,
        target: 'node20',
        rollupOptions: { external, output: { format: 'cjs', entryFileNames: `${name}.cjs` } },
      },
    });
  }
}

/** Bundles the Electron main process, preload and worker threads into dist/electron, leaving native modules external. */
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './repo-root';

const external = [
  'electron',
  'better-sqlite3',
  'ws',
  'bufferutil',
  'utf-8-validate',
  'vite',
  '@vitejs/plugin-react',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

/** Every bundle: entry, output file and module format. Workers are ES modules under the names the main bundle resolves
 * beside itself (no tsx needed); main and preload are CommonJS, as Electron's sandboxed preload requires. */
const BUNDLES = [
  ['main/annotation/batch-worker.ts', 'batch-worker-entry.mjs', 'es'],
  ['main/stats/agreement/report-worker.ts', 'report-worker-entry.mjs', 'es'],
  ['main/importers/tau2/chunk-worker.ts', 'tau2-chunk-worker-entry.mjs', 'es'],
  ['main/importers/import-worker.ts', 'import-worker-entry.mjs', 'es'],
  ['main/metrics/metrics-worker.ts', 'metrics-worker-entry.mjs', 'es'],
  ['main/metrics/realism-worker.ts', 'realism-worker-entry.mjs', 'es'],
  ['main/align/vad-worker.ts', 'vad-worker-entry.mjs', 'es'],
  ['main/electron/main.ts', 'main.cjs', 'cjs'],
  ['preload/index.ts', 'preload.cjs', 'cjs'],
] as const;

/** Builds dist/electron/main.cjs, preload.cjs and the worker entries. */
export async function buildElectron(root: string = repoRoot): Promise<void> {
  const { build } = await import('vite');
  for (const [entry, file, format] of BUNDLES) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        ssr: join(root, entry),
        outDir: join(root, 'dist', 'electron'),
        emptyOutDir: false,
        target: 'node20',
        rollupOptions: { external, output: { format, entryFileNames: file } },
      },
    });
  }
}

/** Bundles the Electron main process and preload into dist/electron as CommonJS, leaving native modules external. */
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { appRoot } from '../services/paths';

const external = ['electron', 'better-sqlite3', 'ws', 'bufferutil', 'utf-8-validate', 'vite', '@vitejs/plugin-react', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Builds dist/electron/main.cjs and dist/electron/preload.cjs. */
export async function buildElectron(root: string = appRoot): Promise<void> {
  const { build } = await import('vite');
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

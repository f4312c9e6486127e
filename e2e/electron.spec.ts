/** The desktop door, end to end: runs only where Electron's runtime is installed (never on the build machines,
 * which cannot download it); elsewhere the suite is skipped and says why. */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { repoRoot } from '../test-support/fixtures';

function installedRuntime(): string | null {
  const pathFile = join(repoRoot, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const exe = join(repoRoot, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe) ? exe : null;
}

const runtime = installedRuntime();

// Skipped when Electron's runtime is not installed: this machine cannot download it (see docs/packaging.md).
describe.skipIf(!runtime)('Electron door (needs Electron runtime in node_modules/electron/dist)', () => {
  it('opens the studio window on app://, sandboxed, with the demo study listed', async () => {
    const { buildElectron } = await import('../build/electron');
    const { electronNativeBinding } = await import('../main/cli/electron-native');
    const { ensureRendererBuilt } = await import('../build/renderer');
    await ensureRendererBuilt(repoRoot);
    await buildElectron(repoRoot);
    const native = electronNativeBinding(repoRoot);
    if ('reason' in native) throw new Error(native.reason);
    const home = mkdtempSync(join(tmpdir(), 'earshot-electron-'));
    const app = await electron.launch({
      executablePath: runtime!,
      args: [join(repoRoot, 'dist', 'electron', 'main.cjs'), `--db=${join(home, 'e.db')}`],
      env: { ...process.env, EARSHOT_NATIVE_BINDING: native.path, EARSHOT_APP_ROOT: repoRoot },
    });
    try {
      const win = await app.firstWindow();
      expect(win.url()).toBe('app://earshot/index.html');
      await win.getByTestId('episode-row').first().waitFor();
      expect(await win.getByTestId('episode-row').count()).toBe(10);
      expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    } finally {
      await app.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

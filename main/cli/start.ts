/** `npm start`: opens the desktop app where Electron's runtime can be had, otherwise serves the same UI. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot, defaultDbPath } from '../services/paths';
import { ensureRendererBuilt } from '../../build/renderer';
import { buildElectron } from '../../build/electron';
import { electronNativeBinding } from './electron-native';
import type { CliOptions } from './args';
import { serveCommand } from './serve';

/** Asks the electron package for its runtime (it downloads on first launch); null with the reason when it can't. */
function electronRuntime(): { path: string } | { reason: string } {
  const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(require(process.argv[1]))', 'electron'], {
    cwd: appRoot,
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  const path = probe.stdout?.trim();
  if (probe.status === 0 && path && existsSync(path)) return { path };
  const lines = `${probe.stdout ?? ''}\n${probe.stderr ?? ''}\n${probe.error?.message ?? ''}`.split('\n').map((l) => l.trim());
  const first = lines.find((l) => /error/i.test(l) && !l.startsWith('at '));
  return { reason: first ? `its download failed: ${first}` : 'unknown error' };
}

/** Runs the desktop app, or falls back to `earshot serve` with a one-line explanation. */
export async function startCommand(opts: CliOptions): Promise<number> {
  await ensureRendererBuilt(appRoot, (line) => process.stderr.write(line + '\n'));
  const runtime = electronRuntime();
  const native = 'path' in runtime ? electronNativeBinding(appRoot) : null;
  if (!('path' in runtime) || !native || 'reason' in native) {
    const reason = !('path' in runtime) ? runtime.reason : native && 'reason' in native ? native.reason : 'no Electron build of better-sqlite3';
    process.stderr.write(`Electron's runtime is not available here (${reason}); serving the same UI in your browser instead.\n`);
    await serveCommand(opts);
    return 0;
  }
  await buildElectron(appRoot);
  const db = opts.db ?? defaultDbPath();
  const child = spawn(runtime.path, [join(appRoot, 'dist', 'electron', 'main.cjs'), `--db=${db}`], {
    stdio: 'inherit',
    env: { ...process.env, EARSHOT_NATIVE_BINDING: native.path, EARSHOT_APP_ROOT: appRoot },
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

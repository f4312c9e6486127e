/** Keeps a second build of better-sqlite3 for Electron's ABI, apart from the Node build the CLI and tests use. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the Electron build of better-sqlite3 lives for an Electron version. */
export function electronNativeDir(root: string, electronVersion: string): string {
  return join(root, '.earshot', 'electron-native', electronVersion);
}

/** Returns the path of better_sqlite3.node built for the installed Electron, building it once if needed. */
export function electronNativeBinding(root: string): { path: string } | { reason: string } {
  const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
  const dir = electronNativeDir(root, electronVersion);
  const binding = join(dir, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(binding)) return { path: binding };
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'node_modules', 'better-sqlite3'), join(dir, 'better-sqlite3'), { recursive: true });
  const env = { ...process.env, npm_config_nodedir: '', npm_config_runtime: 'electron', npm_config_target: electronVersion, npm_config_disturl: 'https://electronjs.org/headers' };
  const pkgDir = join(dir, 'better-sqlite3');
  const prebuilt = spawnSync(process.execPath, [join(root, 'node_modules', 'prebuild-install', 'bin.js'), '--runtime', 'electron', '--target', electronVersion], { cwd: pkgDir, env, encoding: 'utf8' });
  if (prebuilt.status !== 0) {
    const gyp = spawnSync(process.execPath, [join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'), 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'], { cwd: pkgDir, env, encoding: 'utf8' });
    if (gyp.status !== 0) return { reason: `could not build better-sqlite3 for Electron ${electronVersion}: ${(gyp.stderr || '').trim().split('\n').pop()}` };
  }
  return existsSync(binding) ? { path: binding } : { reason: 'better-sqlite3 build for Electron produced no binary' };
}

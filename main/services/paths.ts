/** Where the studio keeps its data and finds its resources. */
import { homedir, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or packaged app) root that holds resources/ and dist/. */
export const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The per-user data folder of the OS: XDG on Linux, Application Support on macOS, APPDATA on Windows. */
export function userDataDir(env: NodeJS.ProcessEnv = process.env, os: string = platform()): string {
  if (env.EARSHOT_HOME) return resolve(env.EARSHOT_HOME);
  if (os === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Earshot');
  if (os === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Earshot');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'earshot');
}

/** The database file used when no --db is given. */
export function defaultDbPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(userDataDir(env), 'earshot.db');
}

/** Folders the services need. */
export interface Paths {
  dbPath: string;
  resourcesDir: string;
  rendererDir: string;
}

/** Paths for a database file, with resources and the built renderer found beside the app. */
export function pathsFor(dbPath: string, root: string = appRoot): Paths {
  return { dbPath, resourcesDir: join(root, 'resources'), rendererDir: join(root, 'dist', 'renderer') };
}

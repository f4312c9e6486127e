/** What the desktop app reads from its command line and environment at launch (pure: tested without Electron). */
import { join } from 'node:path';

/** The database to open, and where the code the app loads comes from. */
export interface LaunchSettings {
  dbPath: string;
  /** The better-sqlite3 native module to load, or undefined for the one bundled with the app. */
  nativeBinding: string | undefined;
  /** The app folder (renderer, demo study). */
  root: string;
}

/** What launchSettings reads. */
export interface LaunchInput {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Electron's `app.isPackaged`: true for an installed app, false under `npm start`. */
  isPackaged: boolean;
  userDataDir: string;
  /** The folder of the bundled main script (dist/electron). */
  mainDir: string;
}

/**
 * The settings of this launch. `--db=<file>` and `EARSHOT_HOME` choose the data. `EARSHOT_NATIVE_BINDING` and
 * `EARSHOT_APP_ROOT`, which `npm start` sets to the development builds, choose code: an installed app ignores them,
 * so whoever sets its environment cannot make it load another native module or renderer.
 */
export function launchSettings({ argv, env, isPackaged, userDataDir, mainDir }: LaunchInput): LaunchSettings {
  const dbArg = argv.find((a) => a.startsWith('--db='));
  const dbPath = dbArg ? dbArg.slice('--db='.length) : join(env.EARSHOT_HOME ?? userDataDir, 'earshot.db');
  const bundledRoot = join(mainDir, '..', '..');
  if (isPackaged) return { dbPath, nativeBinding: undefined, root: bundledRoot };
  return { dbPath, nativeBinding: env.EARSHOT_NATIVE_BINDING, root: env.EARSHOT_APP_ROOT ?? bundledRoot };
}

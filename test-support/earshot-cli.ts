/** Runs `bin/earshot.mjs` as a user runs it, as a child process, for CLI tests and for seeding e2e databases. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './fixtures';

/** What one CLI invocation printed and how it exited. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where and how the CLI runs: its home folder, an optional database file and working folder, extra environment. */
export interface CliPlace {
  /** `EARSHOT_HOME` of the child (its default database and caches live there). */
  home: string;
  /** Appended as `--db FILE` when given. */
  db?: string;
  /** Working folder; the repository root by default. */
  cwd?: string;
  /** Extra environment for the child. */
  env?: Record<string, string | undefined>;
}

/** Runs `earshot ARGS…` synchronously and returns its exit code and output. */
export function runEarshot(place: CliPlace, ...args: string[]): CliResult {
  const argv = [join(repoRoot, 'bin', 'earshot.mjs'), ...args, ...(place.db ? ['--db', place.db] : [])];
  const res = spawnSync(process.execPath, argv, {
    cwd: place.cwd ?? repoRoot,
    env: { ...process.env, EARSHOT_HOME: place.home, ...place.env },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** Runs `earshot ARGS… --json`, throws with its stderr unless it exits 0, and returns the parsed document. */
export function earshotJson<T = unknown>(place: CliPlace, ...args: string[]): T {
  const res = runEarshot(place, ...args, '--json');
  if (res.code !== 0) throw new Error(`earshot ${args.join(' ')} exited ${res.code}: ${res.stderr.trim()}`);
  return JSON.parse(res.stdout) as T;
}

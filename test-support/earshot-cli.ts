/** Runs `bin/earshot.mjs` as a user runs it, as a child process, for CLI tests and for seeding e2e databases. */
import { spawn, spawnSync } from 'node:child_process';
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
  /** Extra environment for the child; a key set to undefined is removed from it. */
  env?: Record<string, string | undefined>;
}

function argvOf(place: CliPlace, args: string[]): string[] {
  return [join(repoRoot, 'bin', 'earshot.mjs'), ...args, ...(place.db ? ['--db', place.db] : [])];
}

function envOf(place: CliPlace): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, EARSHOT_HOME: place.home, ...place.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** Runs `earshot ARGS…` synchronously and returns its exit code and output. */
export function runEarshot(place: CliPlace, ...args: string[]): CliResult {
  const res = spawnSync(process.execPath, argvOf(place, args), {
    cwd: place.cwd ?? repoRoot,
    env: envOf(place),
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** Runs `earshot ARGS…` without blocking this process (a local protocol server in the test can then answer it). */
export function runEarshotAsync(place: CliPlace, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argvOf(place, args), { cwd: place.cwd ?? repoRoot, env: envOf(place) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `earshot ARGS… --json`, throws with its stderr unless it exits 0, and returns the parsed document. */
export function earshotJson<T = unknown>(place: CliPlace, ...args: string[]): T {
  const res = runEarshot(place, ...args, '--json');
  if (res.code !== 0) throw new Error(`earshot ${args.join(' ')} exited ${res.code}: ${res.stderr.trim()}`);
  return JSON.parse(res.stdout) as T;
}

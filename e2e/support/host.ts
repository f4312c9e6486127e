/** Starts `earshot serve` as a real child process on a fresh database, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../test-support/fixtures';

/** A running web host for a test. */
export interface TestHost {
  url: string;
  origin: string;
  token: string;
  dbPath: string;
  home: string;
  stop(): Promise<void>;
}

/** Options of a test host. */
export interface HostOptions {
  /** Extra environment for the serve child (e.g. an API key for a local OpenAI-protocol server). */
  env?: Record<string, string>;
  /** Serve this database (kept when the host stops) instead of a fresh one in the host's temporary home. */
  db?: string;
}

/** Launches the CLI's serve command; resolves with its printed URL. */
export async function startHost(extraArgs: string[] = [], options: HostOptions = {}): Promise<TestHost> {
  const home = mkdtempSync(join(tmpdir(), 'earshot-e2e-'));
  const dbPath = options.db ?? join(home, 'earshot.db');
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'bin', 'earshot.mjs'), 'serve', '--db', dbPath, '--port', '0', ...extraArgs], {
    cwd: repoRoot,
    env: { ...process.env, EARSHOT_HOME: home, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Earshot at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`earshot serve exited with ${code}: ${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    dbPath,
    home,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}

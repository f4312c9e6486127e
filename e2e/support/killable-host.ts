/** `earshot serve` on a database seeded through the CLI that a test may kill outright (SIGKILL) and start again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../test-support/fixtures';
import { seedDatabase, type Seed } from './seeded-host';

/** A host whose process can be killed hard and served again on the same database file. */
export interface KillableHost {
  /** Starts `earshot serve` on the database; resolves with its tokenized URL (a new port each time). */
  serve(): Promise<string>;
  /** Kills the host outright (no shutdown handlers run) and waits for it to be gone. */
  killHard(): Promise<void>;
  /** Kills the host if it runs and removes the database's folder. */
  stop(): Promise<void>;
}

/** Seeds a fresh database through the CLI; serve() starts the host on it. */
export async function seedKillableHost(seed: Seed = {}): Promise<KillableHost> {
  const { dir, db } = await seedDatabase(seed);
  let child: ChildProcess | null = null;
  const killHard = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await gone;
    child = null;
  };
  const serve = () => {
    const proc = spawn(process.execPath, [join(repoRoot, 'bin', 'earshot.mjs'), 'serve', '--db', db, '--port', '0'], {
      cwd: repoRoot,
      env: { ...process.env, EARSHOT_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let stderr = '';
    proc.stderr!.on('data', (d) => (stderr += d));
    return new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /Earshot at (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      proc.once('exit', (code) => reject(new Error(`earshot serve exited with ${code}: ${stderr}`)));
    });
  };
  return {
    serve,
    killHard,
    async stop() {
      await killHard();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A child process of the reliability tests: a TypeScript script of the repository, its output read line by line. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../fixtures';

/** A running script and the lines it printed so far. */
export class Child {
  readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly process: ChildProcess;
  private stderr = '';
  private waiters: (() => void)[] = [];

  /** Runs `script` (relative to the repository) with `args`, through tsx; `bin` runs a file of bin/ instead. */
  constructor(script: string, args: string[], bin = false) {
    const entry = bin ? [join(repoRoot, script)] : [join(repoRoot, 'bin', 'tsx-run.mjs'), join(repoRoot, script)];
    this.process = spawn(process.execPath, [...entry, ...args], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    let partial = '';
    this.process.stdout!.on('data', (d: Buffer) => {
      const parts = (partial + d.toString()).split('\n');
      partial = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.process.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) =>
      this.process.once('exit', (code, signal) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve({ code, signal });
      }),
    );
  }

  /** What it wrote to stderr. */
  get errors(): string {
    return this.stderr;
  }

  /** Resolves once a printed line matches, or throws when the process ends first or `ms` pass. */
  async waitFor(match: (line: string) => boolean, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.lines.some(match)) {
      if (this.process.exitCode !== null || this.process.signalCode !== null || Date.now() > deadline) {
        throw new Error(`no such line; last lines: ${this.lines.slice(-3).join(' | ')}; stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Writes a line to its stdin. */
  tell(line: string): void {
    this.process.stdin!.write(`${line}\n`);
  }

  /** Ends it with SIGKILL, as a crash or a power cut would: nothing of it runs after. */
  kill(): Promise<unknown> {
    this.process.kill('SIGKILL');
    return this.exited;
  }
}

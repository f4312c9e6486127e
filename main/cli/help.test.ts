import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS, main } from './main';
import { COMMAND_HELP } from './help';

/** Runs the CLI in this process, capturing what it writes on stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

describe('earshot CMD --help', () => {
  it('has a help entry for exactly the commands the CLI dispatches', () => {
    expect(Object.keys(COMMAND_HELP).sort()).toEqual([...COMMANDS].sort());
  });

  it.each(COMMANDS.map((c) => [c]))('%s --help prints its usage, every option, an example, and exits 0', async (c) => {
    const res = await run(c, '--help');
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(new RegExp(`^usage: earshot ${c}\\b`));
    for (const [flag] of COMMAND_HELP[c].options) expect(res.stdout).toContain(flag);
    expect(res.stdout).toMatch(new RegExp(`\\nexample: earshot ${c}\\b`));
  });

  it('takes -h, and help CMD, the same way; help of an unknown command is a usage error', async () => {
    const long = await run('metrics', '--help');
    expect(await run('metrics', '-h')).toEqual(long);
    expect(await run('help', 'metrics')).toEqual(long);
    const unknown = await run('help', 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('answers --help before reading any other option, so a wrong one does not hide the help', async () => {
    const res = await run('run', '--colour', '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^usage: earshot run/);
  });

  it('lists the exit codes in the general usage', async () => {
    const res = await run('help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('3 refused');
    expect(res.stdout).toContain('earshot <command> --help');
  });
});

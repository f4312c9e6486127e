import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEarshot } from '../../test-support/earshot-cli';

const home = mkdtempSync(join(tmpdir(), 'earshot-missing-input-'));
const gone = join(home, 'no-such-file');
afterAll(() => rmSync(home, { recursive: true, force: true }));

// One failure, one exit code: every input file a command line names that does not exist is a usage error (2), with
// one line on stderr naming the option and the path (README, "Exit codes").
const commands: [string, string[], string][] = [
  ['import', ['import', gone], gone],
  ['agreement --ratings', ['agreement', '--ratings', gone], `--ratings ${gone}`],
  ['labels import', ['labels', 'import', gone, '--study', '1'], `labels import ${gone}`],
  ['judge --judge', ['judge', '--study', '1', '--judge', gone], `--judge ${gone}`],
  ['run --set', ['run', '--set', gone, '--system', gone], `--set ${gone}`],
  ['run --dry-run --system', ['run', '--set', __filename, '--system', gone, '--dry-run'], `--system ${gone}`],
  ['generate --qa', ['generate', 'dsb-dg', '--document', __filename, '--qa', gone, '--out', gone], `--qa ${gone}`],
];

describe('an input file that does not exist', () => {
  it.each(commands)('%s: exit 2, one line naming the option and the path, nothing on stdout', (_name, args, said) => {
    const res = runEarshot({ home }, ...args);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toEqual([`earshot ${args[0]}: ${said}: no such file or folder`]);
  });
});

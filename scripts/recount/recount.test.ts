/** The recount scripts, run on the real fixtures, print exactly the counts in test-support/fixture-counts.ts. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, repoRoot } from '../../test-support/fixtures';
import { TAU2_VOICE, TAU_ELICITATION, TAU_VALIDATION, VERA } from '../../test-support/fixture-counts';

const dir = join(repoRoot, 'scripts', 'recount');

/** What one script prints for the fixtures folder, parsed. */
function recount(script: string): unknown {
  return JSON.parse(execFileSync(process.execPath, [join(dir, script), fixture()], { encoding: 'utf8' }));
}

describe('recount scripts against fixture-counts.ts', () => {
  it.each([
    ['tau-elicitation.mjs', TAU_ELICITATION],
    ['tau-validation.mjs', TAU_VALIDATION],
    ['tau2-voice.mjs', TAU2_VOICE],
    ['vera.mjs', VERA],
  ])('%s recounts its constant from the raw files', (script, expected) => {
    expect(recount(script)).toEqual(expected);
  });

  it('the scripts import only Node built-ins and their own file reader, nothing of the product', () => {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
      const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
        (m) => m[1],
      );
      expect(imports.length, file).toBeGreaterThan(0);
      expect([file, imports.filter((s) => !s.startsWith('node:') && s !== './read-files.mjs')]).toEqual([file, []]);
    }
  });
});

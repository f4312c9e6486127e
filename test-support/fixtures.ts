/** Where the real benchmark fixtures live: `../shared/fixtures` beside the clone, or $EARSHOT_FIXTURES. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The folder holding tau2-voice/, tau-elicitation/ and vera/. */
export const fixturesDir = process.env.EARSHOT_FIXTURES ?? resolve(repoRoot, '../shared/fixtures');

/** Absolute path of a file or folder inside the fixtures; throws a clear message when the fixtures are missing. */
export function fixture(...parts: string[]): string {
  if (!existsSync(fixturesDir)) {
    throw new Error(`Benchmark fixtures not found at ${fixturesDir}; set EARSHOT_FIXTURES to the shared/fixtures folder`);
  }
  return resolve(fixturesDir, ...parts);
}

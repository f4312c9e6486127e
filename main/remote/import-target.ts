/**
 * Which cached path to import: the location itself when its format can be told (or was chosen), else the one run
 * folder (a folder with results.json) inside it — as in a τ-Voice leaderboard submission, whose runs sit under
 * `trajectories/<name>/` beside `submission.json`. Several runs are refused, naming them, so each is imported alone.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DomainError } from '../domain/errors';
import { detectFormat, type SourceFormat } from '../importers/detect';
import type { FetchedRemote } from './fetch-remote';

/** How deep below the location run folders are looked for. */
const RUN_DEPTH = 3;

function runFolders(dir: string, depth: number): string[] {
  if (existsSync(join(dir, 'results.json')) && existsSync(join(dir, 'simulations'))) return [dir];
  if (depth === 0) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort()
    .flatMap((name) => runFolders(join(dir, name), depth - 1));
}

/** The local path and format to import for a fetched location; `format` is the one chosen, if any. */
export function importTarget(fetched: FetchedRemote, format?: SourceFormat): { path: string; format: SourceFormat } {
  const told = format ?? detectFormat(fetched.path);
  if (told) return { path: fetched.path, format: told };
  const runs = statSync(fetched.path).isDirectory() ? runFolders(fetched.path, RUN_DEPTH) : [];
  const named = (dir: string) =>
    `${fetched.location.replace(/\/?$/, '/')}${relative(fetched.path, dir).split(sep).join('/')}/`;
  if (runs.length === 1) return { path: runs[0], format: 'tau2' };
  if (runs.length > 1) {
    const list = runs.slice(0, 5).map(named).join(', ');
    throw new DomainError(
      'invalid_input',
      `${fetched.location}: holds ${runs.length} runs; import one at a time: ${list}${runs.length > 5 ? ', …' : ''}`,
    );
  }
  throw new DomainError(
    'invalid_input',
    `${fetched.location}: cannot tell the format of what was downloaded; choose one`,
  );
}

/** The data commands of the CLI: each opens the database, does one thing, and returns what to print. */
import { resolve } from 'node:path';
import type { Services } from '../services/services';
import { openStudioServices } from '../demo/studio-services';
import { defaultDbPath } from '../services/paths';
import { listStudies, findStudy } from '../db/studies';
import { listEpisodes } from '../db/episodes';
import type { CliOptions } from './args';
import { UsageError } from './args';
import { notFound } from '../domain/errors';

/** What a command produced: a JSON document and a human-readable rendering of it. */
export interface CommandOutput {
  json: unknown;
  text: string;
}

/** What a command that reads its own options returns: its output, whether to print it as JSON, and the exit code. */
export interface SelfParsedOutput extends CommandOutput {
  exitCode: number;
  json_: boolean;
}

/** Opens the services for a CLI command on --db or the app's default database. */
export async function openForCli(opts: CliOptions): Promise<Services> {
  return openStudioServices(resolve(opts.db ?? defaultDbPath()), { door: 'web' });
}

/** `studies`: every study. */
export function studiesCommand(s: Services): CommandOutput {
  const studies = listStudies(s.db);
  return {
    json: studies,
    text: studies.map((x) => `${x.id}\t${x.name}\t${x.benchmark}\t${x.episodeCount} episodes`).join('\n'),
  };
}

/** Finds the study named by --study or fails with a message that says which exist. */
export function requireStudy(s: Services, opts: CliOptions): { id: number; name: string } {
  if (!opts.study) throw new UsageError('--study ID_OR_NAME is required');
  const study = findStudy(s.db, opts.study);
  if (!study) {
    const names =
      listStudies(s.db)
        .map((x) => `${x.id} "${x.name}"`)
        .join(', ') || 'none';
    throw new UsageError(`no study "${opts.study}" (studies: ${names})`);
  }
  return study;
}

/** `episodes --study X`: the episodes of a study. */
export function episodesCommand(s: Services, opts: CliOptions): CommandOutput {
  const study = requireStudy(s, opts);
  const episodes = listEpisodes(s.db, study.id);
  return {
    json: { study, episodes },
    text: episodes
      .map((e) => `${e.id}\t${e.externalId}\t${e.system}\t${e.outcome ?? ''}\t${e.judgeLabel ?? ''}`)
      .join('\n'),
  };
}

/** The episode named by its external id or Earshot's numeric id within the study; not_found names it. */
export function episodeInStudy(s: Services, studyId: number, ref: string): number {
  const episodes = listEpisodes(s.db, studyId);
  const found =
    episodes.find((e) => e.externalId === ref) ??
    (/^\d+$/.test(ref) ? episodes.find((e) => e.id === Number(ref)) : undefined);
  if (!found) throw notFound(`episode "${ref}" in study ${studyId}`);
  return found.id;
}

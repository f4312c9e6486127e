/**
 * `earshot import PATH`: detects the format, reads the files, and writes them all or nothing. An s3:// or https://
 * location is first downloaded into the cache (progress on stderr), then imported from there like a local folder.
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { Services } from '../services/services';
import { detectFormat, type SourceFormat } from '../importers/detect';
import { importPath } from '../importers/import-path';
import { fetchRemote, type FetchedRemote } from '../remote/fetch-remote';
import { importTarget } from '../remote/import-target';
import { isRemoteLocation } from '../remote/location';
import { remoteCacheRoot } from '../remote/cache';
import { UsageError, type CliOptions } from './args';
import type { CommandOutput } from './commands';
import { countNoun, importCounts } from '../../shared/count-noun';

const FORMATS: readonly SourceFormat[] = ['tau2', 'tau-elicitation', 'vera', 'generic'];

/** Download progress on stderr: rewritten in place on a terminal, a line every few seconds otherwise. */
function progressOnStderr(): (done: number, total: number, message: string) => void {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return (_done, _total, message) => {
    const now = Date.now();
    if (tty) process.stderr.write(`\r${message.slice(0, (process.stderr.columns ?? 100) - 1)}\x1b[K`);
    else if (now - last >= 2000) process.stderr.write(`${message}\n`);
    last = tty ? last : now;
  };
}

async function fetched(location: string, opts: CliOptions): Promise<FetchedRemote> {
  const report = progressOnStderr();
  const got = await fetchRemote(location, {
    cacheRoot: remoteCacheRoot(),
    s3: { noSignRequest: opts.noSignRequest },
    onProgress: report,
  });
  const news = `${got.downloaded} downloaded, ${got.files - got.downloaded} from the cache`;
  process.stderr.write(
    `${process.stderr.isTTY ? '\r\x1b[K' : ''}${got.location}: ${countNoun(got.files, 'file')} (${news})\n`,
  );
  return got;
}

/** Imports PATH (or a remote location) into --study (or the name the source suggests) and reports what came in. */
export async function importCommand(s: Services, opts: CliOptions): Promise<CommandOutput> {
  const path = opts.positionals[0];
  if (!path) throw new UsageError('import needs a PATH (a run folder, archive folder, episodes JSON or JSONL file)');
  if (opts.format && !FORMATS.includes(opts.format as SourceFormat))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const remote = isRemoteLocation(path) ? await fetched(path, opts) : null;
  let full = resolve(path);
  let format = opts.format as SourceFormat | undefined;
  if (remote) ({ path: full, format } = importTarget(remote, format));
  else if (!existsSync(full)) throw new UsageError(`${path}: no such file or folder`);
  format ??= detectFormat(full) ?? undefined;
  if (!format) throw new UsageError(`${path}: cannot tell the format; pass --format ${FORMATS.join('|')}`);
  const summary = await importPath(s.db, full, format, { now: s.clock(), studyName: opts.study });
  const download = remote && {
    location: remote.location,
    cached: full,
    files: remote.files,
    bytes: remote.bytes,
    downloaded: remote.downloaded,
    signed: remote.signed,
  };
  return {
    json: download ? { ...summary, remote: download } : summary,
    text: summary.unchanged
      ? `${path}: already imported into "${summary.study.name}"; nothing changed`
      : `${path} (${summary.format}) → "${summary.study.name}": ${importCounts(summary)}, ` +
        `${countNoun(summary.judgements, 'judgement')}, ${countNoun(summary.annotations, 'annotation')}, ` +
        `${summary.skipped} skipped` +
        (summary.aligned?.turns
          ? `, ${countNoun(summary.aligned.turns, 'turn')} in ${countNoun(summary.aligned.episodes, 'episode')} aligned to the audio (times estimated)`
          : '') +
        summary.warnings.map((w) => `\nwarning: ${w}`).join(''),
  };
}

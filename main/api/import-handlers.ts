/** Handlers of the import methods: a folder browser for the in-app dialog, and import jobs with progress and cancel. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { FileEntry } from '../../shared/methods/imports';
import type { Services } from '../services/services';
import { detectFormat, type SourceFormat } from '../importers/detect';
import { importInWorker } from '../importers/import-in-worker';
import { DomainError } from '../domain/errors';
import { importCounts } from '../../shared/count-noun';
import { fetchRemote } from '../remote/fetch-remote';
import { remoteCacheRoot } from '../remote/cache';
import { importTarget } from '../remote/import-target';
import { isRemoteLocation, parseRemoteLocation } from '../remote/location';

const IMPORTABLE = /\.(json|jsonl|csv)$/i;

/** `files.list`: folders and importable files in a folder of this machine (home when none is given). */
export function filesList(_s: Services, input: MethodInput<'files.list'>): MethodOutput<'files.list'> {
  const path = resolve(input.path ?? homedir());
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (err) {
    throw new DomainError(
      'not_found',
      `${path}: cannot list this folder (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const entries: FileEntry[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b))) {
    if (name.startsWith('.')) continue;
    const full = join(path, name);
    try {
      const st = statSync(full);
      if (st.isDirectory()) entries.push({ name, path: full, kind: 'folder', size: null, format: detectFormat(full) });
      else if (IMPORTABLE.test(name))
        entries.push({ name, path: full, kind: 'file', size: st.size, format: detectFormat(full) });
    } catch {
      /* unreadable entries are not offered */
    }
  }
  entries.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'folder' ? -1 : 1));
  return { path, parent: dirname(path) === path ? null : dirname(path), entries };
}

/** Downloads a remote location into the cache (progress in bytes), and says what to import from there. */
async function fetchForImport(
  location: string,
  format: SourceFormat | undefined,
  ctx: { signal: AbortSignal; progress: (done: number, total: number, message: string) => void },
): Promise<{ path: string; format: SourceFormat }> {
  const fetched = await fetchRemote(location, {
    cacheRoot: remoteCacheRoot(),
    signal: ctx.signal,
    onProgress: ctx.progress,
  });
  return importTarget(fetched, format);
}

/**
 * `import.start`: reads and writes in a job, on a worker thread (this thread keeps answering); progress and the final
 * summary arrive as `job.progress` events, and `jobs.cancel` stops it with nothing changed. An s3:// or https://
 * location is downloaded into the cache first (its progress in bytes), then imported from there.
 */
export function importStart(s: Services, input: MethodInput<'import.start'>): MethodOutput<'import.start'> {
  const remote = isRemoteLocation(input.path) ? parseRemoteLocation(input.path).text : null;
  const local = remote ? null : resolve(input.path);
  if (local && !existsSync(local)) throw new DomainError('not_found', `${local}: no such file or folder`);
  const told = input.format ?? (local ? detectFormat(local) : undefined);
  if (local && !told)
    throw new DomainError('invalid_input', `${local}: cannot tell the format of this file or folder; choose one`);
  const { jobId, done } = s.jobs.start('import', async ({ signal, progress }) => {
    const target = remote
      ? await fetchForImport(remote, input.format, { signal, progress })
      : { path: local!, format: told! };
    progress(0, 0, `reading ${target.format} files`);
    const summary = await importInWorker(s.db, target.path, target.format, {
      now: s.clock(),
      studyName: input.study,
      signal,
      onProgress: progress,
    });
    progress(1, 1, summary.unchanged ? 'already imported; nothing changed' : `imported ${importCounts(summary)}`);
    s.events.emit('data.changed', { scope: 'studies', studyId: summary.study.id });
    return summary;
  });
  done.catch(() => {
    /* reported through the job's final progress event */
  });
  return { jobId };
}

/** Import handlers by method name. */
export const importHandlers = {
  'files.list': filesList,
  'import.start': importStart,
} as const;

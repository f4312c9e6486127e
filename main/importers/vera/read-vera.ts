/**
 * Reads VERA voice episodes (an episodes JSON file, or a folder of them) with any grader outputs beside them, episode
 * by episode as they are imported (each file is outlined in one pass and its episodes parsed one at a time, never
 * whole), or whole into one batch.
 */
import { closeSync, existsSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { collectBatch, ImportError, type ImportBatch, type ImportHeader, type ImportItem } from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { leadingStringField } from '../json-stream-key';
import { outlineJson, type JsonOutline } from '../json-stream';
import { readJsonElement } from '../json-stream-read';
import { JSON_FILE, VERA_EPISODE } from '../limits';
import { resolveInsideRoot } from '../safe-path';
import { openForImport } from '../text-lines';
import { validate } from '../read-json';
import { veraEpisodes } from './episode';
import { isGradesFile, readGrades } from './grades';
import { veraEpisode } from './schema';

/** An episodes file, outlined: where each of its episodes lies. */
interface EpisodesFile {
  name: string;
  path: string;
  outline: JsonOutline;
}

/** How messages name episode `index` (from 0), with its id when its text gives one. */
function episodeRecord(index: number, id: string | null): string {
  return id === null ? `episode ${index + 1}` : `episode ${index + 1} (id ${JSON.stringify(id.slice(0, 60))})`;
}

/** How messages name episode `index`, from its text (cut short or whole). */
const recordFromText = (index: number, text: string) => episodeRecord(index, leadingStringField(text, 'id'));

/** The outline of the JSON file at `path`: its `episodes` elements, each held to a VERA episode's size. */
function outlineEpisodes(path: string, name: string): JsonOutline {
  return outlineJson(path, name, {
    arrayKey: 'episodes',
    elementLimit: VERA_EPISODE,
    fieldsLimit: JSON_FILE,
    elementRecord: recordFromText,
    fieldsFromTop: true,
  });
}

/** Whether the file's first byte after white space opens an object (only an object can hold an `episodes` list). */
function opensObject(path: string, name: string): boolean {
  const fd = openForImport(path, name);
  try {
    const head = Buffer.alloc(4096);
    const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
    return /^\uFEFF?\s*\{/.test(text);
  } finally {
    closeSync(fd);
  }
}

/** The episodes files to read: the file given, or every JSON in the folder whose top level has an `episodes` list. */
function episodesFiles(abs: string): { root: string; files: EpisodesFile[] } {
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  if (!statSync(abs).isDirectory()) {
    const name = basename(abs);
    const outline = outlineEpisodes(abs, name);
    if (!outline.hasArray) throw new ImportError(name, 'file', 'episodes', 'expected a list of episodes');
    return { root: dirname(abs), files: [{ name, path: abs, outline }] };
  }
  const files = readdirSync(abs)
    .filter((name) => name.endsWith('.json') && !isGradesFile(name))
    .sort()
    .map((name) => ({ name, path: resolveInsideRoot(abs, name, { file: name, record: 'file', field: '(file)' }) }))
    .filter(({ name, path }) => opensObject(path, name))
    .map(({ name, path }) => ({ name, path, outline: outlineEpisodes(path, name) }))
    .filter(({ outline }) => outline.hasArray);
  if (files.length === 0) {
    const problem = 'no VERA episodes file (a JSON object with an "episodes" list) in the folder';
    throw new ImportError(basename(abs), 'folder', '(episodes)', problem);
  }
  return { root: abs, files };
}

/**
 * The VERA episodes at `path` as they are read: the header first, then each batch episode (one per graded system).
 * The header's warnings and its study info's `tracks` are filled as the episodes are read; they are complete once
 * the last episode has been yielded.
 */
export function* readVeraItems(path: string): Generator<ImportItem> {
  const { root, files } = episodesFiles(resolve(path));
  const grades = readGrades(root);
  const counts = new Map<string, number>();
  const warn = (message: string) => counts.set(message, (counts.get(message) ?? 0) + 1);
  const tracks: string[] = [];
  const header: ImportHeader = {
    format: 'vera',
    benchmark: 'vera',
    studyName: `VERA ${files.map((f) => f.name.replace(/\.json$/, '')).join(', ')}`,
    studyInfo: { episodesFiles: files.map((f) => f.name), gradesFiles: grades.files, tracks },
    source: resolve(path),
    skipped: 0,
    warnings: [],
  };
  yield { kind: 'header', header };
  const seen = new Set<string>();
  let ungraded = false;
  for (const { name, path: file, outline } of files) {
    for (let i = 0; i < outline.elements.length; i++) {
      const prefix = `episodes[${i}]`;
      const item = readJsonElement(file, name, outline, i, (text) => recordFromText(i, text));
      const id = (item as { id?: unknown } | null)?.id;
      const record = episodeRecord(i, typeof id === 'string' ? id : null);
      const ep = validate(veraEpisode, item, name, record, prefix);
      if (seen.has(ep.id)) throw new ImportError(name, record, `${prefix}.id`, 'the same episode id appears twice');
      seen.add(ep.id);
      if (!tracks.includes(ep.track)) tracks.push(ep.track);
      const built = veraEpisodes(ep, grades.byEpisode.get(ep.id) ?? [], { root, file: name, record, prefix, warn });
      for (const episode of built) {
        checkEpisodeLimits(episode, name, record);
        ungraded ||= episode.system === '';
        yield { kind: 'episode', episode };
      }
    }
  }
  const orphans = [...grades.byEpisode.keys()].filter((id) => !seen.has(id)).length;
  if (orphans) warn(`${orphans} graded episode id(s) are not in the episodes file(s); their grades were ignored`);
  if (grades.files.length && ungraded) warn('some episodes have no grade in the grades files');
  header.warnings.push(...[...counts].map(([message, n]) => (n > 1 ? `${message} (${n} times)` : message)));
}

/** Reads the VERA episodes at `path` whole, into one batch. */
export async function readVera(path: string): Promise<ImportBatch> {
  return collectBatch(readVeraItems(path));
}

/** Reads VERA voice episodes (an episodes JSON file, or a folder of them) with any grader outputs beside them into one batch. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ImportError, type BatchEpisode, type ImportBatch } from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { resolveInsideRoot } from '../safe-path';
import { readJsonFile, validate } from '../read-json';
import { veraEpisodes } from './episode';
import { isGradesFile, readGrades } from './grades';
import { veraEpisode, veraEpisodesFile } from './schema';

/** The episodes files to read: the file given, or every JSON in the folder whose top level has an `episodes` list. */
function episodesFiles(abs: string): { root: string; files: { name: string; raw: unknown }[] } {
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  if (!statSync(abs).isDirectory()) {
    const name = basename(abs);
    return { root: dirname(abs), files: [{ name, raw: readJsonFile(abs, name) }] };
  }
  const files = readdirSync(abs)
    .filter((name) => name.endsWith('.json') && !isGradesFile(name))
    .sort()
    .map((name) => ({ name, raw: readJsonFile(resolveInsideRoot(abs, name, { file: name, record: 'file', field: '(file)' }), name) }))
    .filter(({ raw }) => Array.isArray((raw as { episodes?: unknown } | null)?.episodes));
  if (files.length === 0) throw new ImportError(basename(abs), 'folder', '(episodes)', 'no VERA episodes file (a JSON object with an "episodes" list) in the folder');
  return { root: abs, files };
}

/** Reads the VERA episodes at `path`. */
export async function readVera(path: string): Promise<ImportBatch> {
  const { root, files } = episodesFiles(resolve(path));
  const grades = readGrades(root);
  const warnings = new Map<string, number>();
  const warn = (message: string) => warnings.set(message, (warnings.get(message) ?? 0) + 1);
  const episodes: BatchEpisode[] = [];
  const seen = new Set<string>();
  for (const { name, raw } of files) {
    validate(veraEpisodesFile, raw, name, 'file').episodes.forEach((item, i) => {
      const id = (item as { id?: unknown } | null)?.id;
      const record = typeof id === 'string' ? `episode ${i + 1} (id ${JSON.stringify(id.slice(0, 60))})` : `episode ${i + 1}`;
      const prefix = `episodes[${i}]`;
      const ep = validate(veraEpisode, item, name, record, prefix);
      if (seen.has(ep.id)) throw new ImportError(name, record, `${prefix}.id`, 'the same episode id appears twice');
      seen.add(ep.id);
      const built = veraEpisodes(ep, grades.byEpisode.get(ep.id) ?? [], { root, file: name, record, prefix, warn });
      for (const episode of built) checkEpisodeLimits(episode, name, record);
      episodes.push(...built);
    });
  }
  const orphans = [...grades.byEpisode.keys()].filter((id) => !seen.has(id)).length;
  if (orphans) warn(`${orphans} graded episode id(s) are not in the episodes file(s); their grades were ignored`);
  if (grades.files.length && episodes.some((e) => e.system === '')) warn('some episodes have no grade in the grades files');
  return {
    format: 'vera',
    benchmark: 'vera',
    studyName: `VERA ${files.map((f) => f.name.replace(/\.json$/, '')).join(', ')}`,
    studyInfo: { episodesFiles: files.map((f) => f.name), gradesFiles: grades.files, tracks: [...new Set(episodes.map((e) => e.condition.track))] },
    source: resolve(path),
    episodes,
    skipped: 0,
    warnings: [...warnings].map(([message, n]) => (n > 1 ? `${message} (${n} times)` : message)),
  };
}

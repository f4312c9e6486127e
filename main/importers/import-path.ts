/** Imports a file or folder in a known format: the one call behind `earshot import` and the studio's Import command. */
import type { Db } from '../db/open';
import type { ImportSummary } from '../../shared/methods/imports';
import { readAny, type SourceFormat } from './detect';
import { importTau2, type Tau2ImportOptions } from './tau2/import-tau2';
import { writeBatch } from './write-batch';
import { importGeneric } from './generic/import-generic';
import { targetTaxonomyFor } from './target-taxonomy';
import { alignStudyEpisodes } from '../align/align-episodes';

/** What importPath does besides the import itself. */
export interface ImportPathOptions {
  /** Align untimed turns to the call audio after the import (default true). */
  align?: boolean;
}

/**
 * Imports `path`: a τ² run and a generic JSONL are read in chunks while they are written; other formats are read
 * whole, then written. Then the study's episodes with untimed turns and call audio are aligned to it (their times
 * marked estimated), unless `align` is false.
 */
export async function importPath(
  db: Db,
  path: string,
  format: SourceFormat,
  options: Tau2ImportOptions,
  { align = true }: ImportPathOptions = {},
): Promise<ImportSummary> {
  const taxonomyFor = targetTaxonomyFor(db, options.studyName);
  const summary =
    format === 'tau2'
      ? await importTau2(db, path, options)
      : format === 'generic'
        ? await importGeneric(db, path, { ...options, taxonomyFor })
        : await writeBatch(db, await readAny(path, format, taxonomyFor), options);
  if (summary.unchanged || !align) return summary;
  const aligned = await alignStudyEpisodes(db, summary.study.id, { again: false });
  return {
    ...summary,
    aligned: { episodes: aligned.episodes, turns: aligned.turns },
    warnings: [...summary.warnings, ...aligned.notes],
  };
}

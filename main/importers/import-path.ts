/** Imports a file or folder in a known format: the one call behind `earshot import` and the studio's Import command. */
import type { Db } from '../db/open';
import type { ImportSummary } from '../../shared/methods/imports';
import type { SourceFormat } from './detect';
import { importTau2, type Tau2ImportOptions } from './tau2/import-tau2';
import { readGenericLines } from './generic/read-generic';
import { importItems } from './import-items';
import { readTauElicitationItems } from './tau-elicitation/read-tau-elicitation';
import { readVeraItems } from './vera/read-vera';
import { targetTaxonomyFor } from './target-taxonomy';
import { alignStudyEpisodes } from '../align/align-episodes';

/** What importPath does besides the import itself. */
export interface ImportPathOptions {
  /** Align untimed turns to the call audio after the import (default true). */
  align?: boolean;
}

/**
 * Imports `path`: every format is read in chunks while it is written (a τ² run, a generic JSONL, a τ-Elicitation
 * archive, VERA episodes), never whole. Then the study's episodes with untimed turns and call audio are aligned to
 * it (their times marked estimated), unless `align` is false.
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
        ? await importItems(db, readGenericLines(path, taxonomyFor), path, options)
        : format === 'tau-elicitation'
          ? await importItems(db, readTauElicitationItems(path, taxonomyFor), path, options)
          : await importItems(db, readVeraItems(path), path, options);
  if (summary.unchanged || !align) return summary;
  const aligned = await alignStudyEpisodes(db, summary.study.id, { again: false });
  return {
    ...summary,
    aligned: { episodes: aligned.episodes, turns: aligned.turns },
    warnings: [...summary.warnings, ...aligned.notes],
  };
}

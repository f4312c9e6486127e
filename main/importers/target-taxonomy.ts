/** The taxonomy that labels arriving with imported data are checked against: the one of the study they will land in. */
import type { Db } from '../db/open';
import type { Benchmark } from '../../shared/domain';
import type { Taxonomy } from '../../shared/types/annotation';
import { builtinTaxonomy } from '../../shared/taxonomies/index';
import { studyIdByName, studyRef } from '../db/studies';
import { studyTaxonomy } from '../annotation/settings';

/** The taxonomy for the labels of an import whose source names the study `studyName` and the benchmark `benchmark`. */
export type TaxonomyFor = (studyName: string, benchmark: Benchmark) => Taxonomy;

/** Without a database: the benchmark's built-in taxonomy. */
export const builtinTaxonomyFor: TaxonomyFor = (_studyName, benchmark) => builtinTaxonomy(benchmark);

/**
 * In `db`: the own taxonomy of the study the import lands in (`studyName` given by the caller, else the source's),
 * when that study exists and has one, else the benchmark's built-in one, as labels.set would check the labels.
 */
export function targetTaxonomyFor(db: Db, studyName?: string): TaxonomyFor {
  return (sourceName, benchmark) => {
    const id = studyIdByName(db, studyName ?? sourceName);
    const study = id === null ? null : studyRef(db, id);
    return study?.taxonomy ? studyTaxonomy(study).taxonomy : builtinTaxonomy(benchmark);
  };
}

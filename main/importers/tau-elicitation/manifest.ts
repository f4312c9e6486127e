/** `results/manifest.csv`: which system, strategy and environment each results root (cell) of the archive holds. */
import { readCsvFile } from './csv-file';
import { manifestRow, type ManifestRow } from './schema';

/** The manifest's rows by `results_path`, the value a transcript names as its `cell`. */
export type CellManifest = Map<string, ManifestRow>;

/** The prompting strategy of a cohort: the paper's two cohorts by their upstream mode names, other cohorts as named. */
export function strategyOf(cohort: string): string {
  if (cohort === 'paper_agent_directed') return 'agent_directed';
  if (cohort === 'paper_scaffolded') return 'scaffolded';
  return cohort;
}

/** Reads the manifest at `path` (named `file` in messages). */
export function readManifest(path: string, file: string): CellManifest {
  const rows = readCsvFile(path, file, manifestRow, (i, raw) => `row ${i + 1} (${JSON.stringify((raw.results_path ?? '').slice(0, 80))})`);
  return new Map(rows.map((row) => [row.results_path, row]));
}

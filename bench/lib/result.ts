/** The shape every benchmark reports: rows of the printed table, plus details for docs/bench.md. */

/** One target of the report: the figure, its baseline from the same run, their ratio, the target and the verdict. */
export interface BenchRow {
  /** Issue number the target comes from. */
  issue: number;
  name: string;
  figure: string;
  baseline: string;
  /** figure ÷ baseline, when both are times of comparable work. */
  ratio: number | null;
  target: string;
  pass: boolean | null;
}

/** What one benchmark returns: its table rows and free-form lines (breakdowns, plans, what happened). */
export interface BenchResult {
  name: string;
  rows: BenchRow[];
  details: string[];
  /** Wall time of the whole benchmark, including data generation. */
  wallMs: number;
  /** Peak RSS of the benchmark's process. */
  peakRssBytes: number;
}

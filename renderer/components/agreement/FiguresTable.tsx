/** The judge-vs-humans figures table: one row per reference (or definition, category, group) with the counts and
 * every coefficient with its 95% interval under it. */
import type { ReactNode } from 'react';
import type { BinaryJudgeFigures, JudgeComparison } from '../../../shared/types/judge-validation';
import { ci, f3, shownCells } from './judge-format';

/** One row: its leading cells (e.g. the reference), its figures or why there are none, and a note under it. */
export interface FigureRow {
  key: string;
  cells: string[];
  figures: BinaryJudgeFigures | null;
  problem?: string;
  note?: string;
}

const COUNTS: [keyof BinaryJudgeFigures, string, string][] = [
  ['n', 'n', 'items'],
  ['truePositives', 'TP', 'true positives: judge positive, human positive'],
  ['falsePositives', 'FP', 'false positives: judge positive, human negative'],
  ['falseNegatives', 'FN', 'false negatives: judge negative, human positive'],
  ['trueNegatives', 'TN', 'true negatives'],
];
type IntervalKey = 'percentAgreement' | 'cohenKappa' | 'gwetAc1' | 'pabak' | 'precision' | 'recall' | 'f1';
const INTERVALS: [IntervalKey, string, string][] = [
  ['percentAgreement', 'agreement', 'percent agreement'],
  ['cohenKappa', 'κ', "Cohen's κ"],
  ['gwetAc1', 'AC1', "Gwet's AC1"],
  ['pabak', 'PABAK', 'prevalence- and bias-adjusted κ'],
  ['precision', 'precision', 'of the judge, against this reference'],
  ['recall', 'recall', 'of the judge, against this reference'],
  ['f1', 'F1', 'harmonic mean of precision and recall'],
];

/** An estimate with its interval on a second line. */
export function Estimate({ value, low, high }: { value: number | null; low: number | null; high: number | null }) {
  return (
    <>
      <span className="est">{f3(value)}</span>
      <span className="ci">{ci({ estimate: value, low, high })}</span>
    </>
  );
}

/** Rows of a list of comparisons: each reference, with the items left out of it stated under it. */
export function comparisonRows(comparisons: readonly JudgeComparison[], lead: string[] = []): FigureRow[] {
  return comparisons.map((c) => ({
    key: [...lead, c.reference].join('\u0001'),
    cells: [...lead, c.reference],
    figures: c.figures,
    problem: c.problem,
    note: c.excluded?.unresolved
      ? `${c.excluded.unresolved} item${c.excluded.unresolved === 1 ? '' : 's'} adjudicated unresolved left out`
      : undefined,
  }));
}

/** The table under `caption`, which names the mapping (or the definitions) the figures belong to. */
export function FiguresTable(props: { heads: string[]; rows: FigureRow[]; caption: ReactNode; testId?: string }) {
  const { heads, rows, caption, testId } = props;
  const width = heads.length + COUNTS.length + INTERVALS.length;
  return (
    <div className="figures-block">
      <p className="figures-tag">{caption}</p>
      <table className="data judge-figures" data-testid={testId ?? 'judge-figures'}>
      <thead>
        <tr>
          {heads.map((h) => <th key={h}>{h}</th>)}
          {COUNTS.map(([k, h, t]) => <th key={k} className="num" title={t}>{h}</th>)}
          {INTERVALS.map(([k, h, t]) => <th key={k} className="num" title={`${t}, 95% CI below`}>{h}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, at) => [
          <tr key={r.key} data-reference={r.cells[r.cells.length - 1]} data-row={r.key}>
            {shownCells(rows, at).map((c, i) => <td key={i} className="ref">{c}</td>)}
            {r.figures ? (
              <>
                {COUNTS.map(([k]) => <td key={k} className="num" data-figure={k}>{String(r.figures![k])}</td>)}
                {INTERVALS.map(([k]) => {
                  const i = r.figures![k];
                  return (
                    <td key={k} className="num interval" data-figure={k} data-value={i.estimate ?? ''}>
                      <Estimate value={i.estimate} low={i.low} high={i.high} />
                    </td>
                  );
                })}
              </>
            ) : (
              <td colSpan={COUNTS.length + INTERVALS.length} className="muted">{r.problem ?? 'no figure'}</td>
            )}
          </tr>,
          r.note && (
            <tr key={`${r.key}-note`} className="row-note">
              <td colSpan={width} data-testid="judge-excluded">{r.note}</td>
            </tr>
          ),
        ])}
      </tbody>
      </table>
    </div>
  );
}

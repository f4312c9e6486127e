/** The judge-corrected figures as tables (printed by `earshot metrics`, exported as CSV / Markdown). */
import type { MetricsTable } from '../../shared/types/metrics';
import type { CorrectedInterval, JudgeCorrectedSection } from '../../shared/types/ppi';
import { col, conditionLabel, coverage, systemLabel } from './table-kit';

const KINDS = [
  ['judge', 'judge only'],
  ['human', 'humans only'],
  ['corrected', 'corrected (PPI++)'],
] as const;

/** An interval's three cells under a prefix. */
const cells = (prefix: string, i: CorrectedInterval) => ({
  [prefix]: i.estimate,
  [`${prefix}Low`]: i.low,
  [`${prefix}High`]: i.high,
});

/** One table per figure: a row per system (pooled) and per system and condition. */
export function correctedTables(section: JudgeCorrectedSection): MetricsTable[] {
  return section.figures.map((f): MetricsTable => {
    const name = f.outcome === 'positive' ? f.mapping : `${f.mapping}=${f.outcome}`;
    return {
      id: `judge-corrected-${name}`,
      section: 'judge-corrected',
      title: `Judge-corrected: ${f.label}${f.outcome === 'positive' ? '' : ` — share ${f.outcome}`}`,
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('calls', 'calls', 'int'),
        col('labelled', 'labelled', 'int'),
        col('disputed', 'disputed', 'int'),
        ...KINDS.flatMap(([key, label]) => [
          col(key, label, 'rate'),
          col(`${key}Low`, 'low', 'rate'),
          col(`${key}High`, 'high', 'rate'),
        ]),
        col('lambda', 'λ', 'num'),
      ],
      rows: f.cells.map((c) => ({
        system: systemLabel(c.system),
        condition: c.condition === null ? 'all' : conditionLabel(c.condition),
        calls: c.calls,
        labelled: c.labelled,
        disputed: c.disputed,
        ...cells('judge', c.judgeOnly),
        ...cells('human', c.humanOnly),
        ...cells('corrected', c.corrected),
        lambda: c.lambda,
      })),
      note:
        `${coverage(section.confidence)} normal intervals; design: ${section.design}. Judge only: the judge's labels ` +
        'on every call (its interval is blind to its errors); humans only: the resolved labels of the labelled calls; ' +
        'corrected: PPI++ (docs/metrics-benchmarks.md).',
    };
  });
}

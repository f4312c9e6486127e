/** Categorical judge mappings: agreement over all categories per reference, and the judge × human confusion. */
import type { ReactNode } from 'react';
import type { CategoryJudgeFigures, JudgeConfusion, JudgeMapping } from '../../../shared/types/judge-validation';
import { Estimate } from './FiguresTable';
import { shownCells } from './judge-format';

/** One row of the overall table: leading cells (group, reference) and the figures. */
export interface CategoryRow {
  key: string;
  cells: string[];
  figures: CategoryJudgeFigures;
}

/** Rows of a list of per-reference figures, after `lead` cells. */
export function categoryRows(list: readonly CategoryJudgeFigures[], lead: string[] = []): CategoryRow[] {
  return list.map((f) => ({ key: [...lead, f.reference].join('\u0001'), cells: [...lead, f.reference], figures: f }));
}

/** Reference × (n, agreement, κ, AC1), each with its interval. */
export function CategoryTable(props: { heads: string[]; rows: CategoryRow[]; caption: ReactNode; testId: string }) {
  const { heads, rows, caption, testId } = props;
  return (
    <div className="figures-block">
      <p className="figures-tag">{caption}</p>
      <table className="data judge-figures" data-testid={testId}>
      <thead>
        <tr>
          {heads.map((h) => <th key={h}>{h}</th>)}
          <th className="num">n</th><th className="num">agreement</th><th className="num">κ</th>
          <th className="num">AC1</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, figures: f }, at) => (
          <tr key={key} data-reference={f.reference}>
            {shownCells(rows, at).map((c, i) => <td key={i} className="ref">{c}</td>)}
            <td className="num" data-figure="n">{f.n}</td>
            {(['percentAgreement', 'cohenKappa', 'gwetAc1'] as const).map((k) => (
              <td key={k} className="num interval" data-figure={k} data-value={f[k].estimate ?? ''}>
                <Estimate value={f[k].estimate} low={f[k].low} high={f[k].high} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      </table>
    </div>
  );
}

/** One reference's judge output × human value counts, in the studio's confusion-matrix style. */
function Confusion({ c, mapping }: { c: JudgeConfusion; mapping: JudgeMapping }) {
  const max = Math.max(1, ...c.counts.flat());
  return (
    <figure className="judge-cm-box">
      <figcaption>judge ↓ · {c.reference} →</figcaption>
      <table className="cm" data-testid="judge-confusion" data-reference={c.reference}>
      <thead><tr><th />{c.humanValues.map((h) => <th key={h}>{h}</th>)}</tr></thead>
      <tbody>
        {c.judgeValues.map((j, r) => (
          <tr key={j}>
            <th>{j}</th>
            {c.counts[r].map((n, k) => {
              const same = mapping.categories[j] === c.humanValues[k];
              const tone = `${same ? 'var(--good)' : 'var(--bad)'} ${Math.round(15 + 70 * (n / max))}%`;
              const background = n ? `color-mix(in srgb, ${tone}, transparent)` : undefined;
              return <td key={k} style={{ background }}>{n}</td>;
            })}
          </tr>
        ))}
      </tbody>
      </table>
    </figure>
  );
}

/** Every reference's confusion matrix side by side. */
export function ConfusionMatrices({ list, mapping }: { list: readonly JudgeConfusion[]; mapping: JudgeMapping }) {
  if (list.length === 0) return null;
  return <div className="judge-cms">{list.map((c) => <Confusion key={c.reference} c={c} mapping={mapping} />)}</div>;
}

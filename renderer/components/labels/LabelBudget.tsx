/** Setup's label budget: how many more labels give a judge-corrected figure the interval width wanted, per design. */
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import type { JudgeMapping } from '../../../shared/types/judge-validation';
import type { LabelPlan } from '../../../shared/types/ppi';

/** The figures a study's mappings give: a binary mapping's key, a categorical one's key=category. */
export function figureNames(mappings: readonly JudgeMapping[]): string[] {
  return mappings.flatMap((m) =>
    m.kind === 'binary' ? [m.key] : [...new Set(Object.values(m.categories))].map((c) => `${m.key}=${c}`),
  );
}

/** Short column names of the designs (the full name is the column's title). */
const SHORT: Record<string, string> = {
  'simple random, PPI++': 'random, PPI++',
  'simple random, humans only': 'random, humans',
  'by judge label, proportional': 'by judge, prop.',
  'by judge label, Neyman': 'by judge, Neyman',
};

/** The planner form and its answer, for the study `studyId` whose judge mappings are `mappings`. */
export function LabelBudget({ studyId, mappings }: { studyId: number; mappings: readonly JudgeMapping[] }) {
  const figures = figureNames(mappings);
  const [figure, setFigure] = useState('');
  const [width, setWidth] = useState(0.1);
  const [plan, setPlan] = useState<LabelPlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listed = figures.join('\n');
  useEffect(() => {
    setPlan(null);
    const names = listed ? listed.split('\n') : [];
    setFigure((f) => (names.includes(f) ? f : (names[0] ?? '')));
  }, [studyId, listed]);
  const ask = async () => {
    try {
      setProblem(null);
      setPlan(await call('metrics.plan', { studyId, figure, width }));
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <div className="label-budget" data-testid="label-budget">
      <h3>Label budget</h3>
      <p className="muted">
        More labels each design needs for the judge-corrected figure’s 95% interval to be that wide.
      </p>
      <div className="setup-row">
        <label>
          figure
          <select data-testid="budget-figure" value={figure} onChange={(e) => setFigure(e.target.value)}>
            {figures.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label>
          95% interval width
          <input
            data-testid="budget-width"
            type="number"
            min={0.01}
            max={0.99}
            step={0.01}
            value={width}
            onChange={(e) => setWidth(Number(e.target.value))}
            style={{ width: 70 }}
          />
        </label>
        <button
          type="button"
          data-testid="budget-plan"
          disabled={!figure || !(width > 0 && width < 1)}
          onClick={() => void ask()}
        >
          Plan
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {plan && (
        <table className="data" data-testid="budget-table">
          <thead>
            <tr>
              <th>system</th>
              <th>calls</th>
              <th>labelled</th>
              <th>width now</th>
              {plan.rows[0]?.designs.map((d) => (
                <th key={d.design} title={`${d.design}: labels still to draw`}>
                  {SHORT[d.design] ?? d.design}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plan.rows.map((r) => (
              <tr key={r.system} data-system={r.system}>
                <td>
                  {r.system || '(no system)'}
                  {r.basis === 'worst case' ? <span className="muted"> · few labels: worst case</span> : null}
                </td>
                <td className="num">{r.calls}</td>
                <td className="num">{r.labelled}</td>
                <td className="num">{r.width === null ? '—' : r.width.toFixed(3)}</td>
                {r.designs.map((d) => (
                  <td key={d.design} className="num" data-design={d.design}>
                    {d.more === null ? 'not reachable' : d.more}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

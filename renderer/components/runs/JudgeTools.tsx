/** Re-judge the open study with the chosen judge config, and compare its judges with its human annotators. */
import { useState } from 'react';
import { useApp } from '../../store';
import { fixedDecimals } from '../../format';

const pct = (x: number | null) => (x === null ? '–' : `${fixedDecimals(x * 100, 1)}%`);
const k3 = (x: number | null) => (x === null ? '–' : fixedDecimals(x, 3));

/** Judge actions on the open study and the comparison table. */
export function JudgeTools() {
  const studyId = useApp((s) => s.studyId);
  const study = useApp((s) => s.studies.find((x) => x.id === s.studyId) ?? null);
  const judge = useApp((s) => s.runForm.judge);
  const rejudge = useApp((s) => s.rejudgeStudy);
  const compare = useApp((s) => s.compareJudges);
  const comparison = useApp((s) => s.comparison);
  const [field, setField] = useState('verdict');
  const [onlyLabelled, setOnlyLabelled] = useState(false);
  if (studyId === null) return null;
  return (
    <section className="runs-section" aria-label="judges">
      <h2>
        Judges of <span className="as-written" data-testid="judges-study">“{study?.name}”</span>
      </h2>
      <div className="judge-tools">
        <button type="button" className="primary" data-testid="judge-start" disabled={!judge}
          onClick={() => void rejudge(studyId, onlyLabelled ? field : undefined)}>Re-judge with the judge config</button>
        <label title="judge exactly the calls humans labelled on the field, to compare a new prompt or model with them">
          <input type="checkbox" data-testid="judge-only-labelled" checked={onlyLabelled}
            onChange={(e) => setOnlyLabelled(e.target.checked)} /> only the calls labelled on the field
        </label>
        <label>
          human field <input data-testid="judge-field" value={field} onChange={(e) => setField(e.target.value)} size={12} />
        </label>
        <button type="button" data-testid="judge-compare" onClick={() => void compare(studyId, field)}>Compare judges with annotators</button>
      </div>
      {comparison && comparison.studyId === studyId && (
        <table className="runs-table" data-testid="judge-comparison">
          <thead>
            <tr><th>judge</th><th>version</th><th>episodes</th><th>mean κ</th><th>vs majority (n · agree · κ)</th>{comparison.annotators.map((a) => <th key={a}>{a} (n · agree · κ)</th>)}</tr>
          </thead>
          <tbody>
            {comparison.judges.map((j) => (
              <tr key={`${j.judgeId} ${j.judgeVersion}`} data-testid="judge-row" data-judge={j.judgeId} data-version={j.judgeVersion}>
                <td>{j.judgeId}</td>
                <td>{j.judgeVersion}</td>
                <td>{j.episodes}</td>
                {j.unmapped ? (
                  <td colSpan={2 + comparison.annotators.length} className="muted" data-testid="judge-unmapped-row">{j.unmapped}</td>
                ) : (
                  <>
                    <td title={j.mapping ?? undefined}>{k3(j.meanKappa)}</td>
                    <td>{j.majority.n} · {pct(j.majority.agreement)} · {k3(j.majority.kappa)}</td>
                    {j.perAnnotator.map((p) => <td key={p.annotator}>{p.n} · {pct(p.agreement)} · {k3(p.kappa)}</td>)}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

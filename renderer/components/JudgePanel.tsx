/** The judge's verdict, confidence, rationale, categories, reward breakdown and findings (click a finding to seek). */
import type { Judgement } from '../../shared/domain';
import { seekMs } from '../player/player';
import { formatMs, formatScore } from '../format';
import { RewardProvenance } from './RewardProvenance';

function verdictTone(label: string): string {
  const l = label.toLowerCase();
  if (['pass', 'correct', 'correct_abstention', 'grounded', 'no_error'].includes(l)) return 'good';
  if (['not_attempted', 'unresolved'].includes(l)) return 'neutral';
  return 'bad';
}

/** Shows one judgement. */
export function JudgePanel({ judgement }: { judgement: Judgement | undefined }) {
  if (!judgement) return <section className="panel judge" data-testid="judge-panel"><p className="empty">No judge output for this episode.</p></section>;
  const j = judgement;
  return (
    <section className="panel judge" data-testid="judge-panel">
      <header className="panel-head">
        <h2>Judge</h2>
        <span className="judge-id">{j.judgeId}{j.judgeVersion ? ` v${j.judgeVersion}` : ''}</span>
      </header>
      <div className="verdict-row">
        <span className={`verdict verdict-${verdictTone(j.label)}`} data-testid="judge-verdict">{j.label}</span>
        {j.confidence !== null && <span className="confidence">confidence {formatScore(j.confidence)}</span>}
        {j.votes.length > 0 && <span className="votes" title="votes">{j.votes.join(' · ')}</span>}
      </div>
      <p className="rationale" data-testid="judge-rationale">{j.rationale}</p>
      {j.categories.length > 0 && (
        <ul className="chips" aria-label="error categories">
          {j.categories.map((c) => <li key={c} className="chip">{c}</li>)}
        </ul>
      )}
      {j.rewardBreakdown && (
        <table className="breakdown">
          <tbody>
            {Object.entries(j.rewardBreakdown).map(([k, v]) => (
              <tr key={k}><th>{k}</th><td className="num">{formatScore(v)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <RewardProvenance />
      {j.findings.length > 0 && (
        <ul className="findings">
          {j.findings.map((f, i) => (
            <li key={i}>
              <button type="button" className="finding" disabled={f.startMs === null} onClick={() => f.startMs !== null && seekMs(f.startMs)} data-testid="judge-finding">
                <span className="num">{formatMs(f.startMs)}</span> {f.category && <span className="chip">{f.category}</span>} {f.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

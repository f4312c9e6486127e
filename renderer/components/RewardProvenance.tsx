/** How the call's τ² reward was evaluated (live or replayed state, the replayed tool calls, warnings), read from the
 * episode's `info.rewardProvenance`; shown with the reward breakdown. Imported text is shown as text. */
import { useApp } from '../store';
import type { RewardProvenance as Provenance } from '../../shared/types/reward-provenance';

const asProvenance = (value: unknown): Provenance | null =>
  value && typeof value === 'object' && Array.isArray((value as Provenance).replayedActions)
    ? (value as Provenance)
    : null;

/** The reward evaluation's provenance of the open episode, or nothing when its file records none. */
export function RewardProvenance() {
  const p = useApp((s) => asProvenance(s.detail?.episode.info.rewardProvenance));
  if (!p) return null;
  const bySource = (source: string) => p.replayedActions.filter((a) => a.source === source).length;
  return (
    <div className="provenance" data-testid="reward-provenance">
      <table className="breakdown">
        <tbody>
          <tr>
            <th>evaluation</th>
            <td data-testid="reward-evaluation-mode">{p.evaluationMode ?? '–'}</td>
          </tr>
          <tr>
            <th>state</th>
            <td>{p.stateSource ?? '–'}</td>
          </tr>
          {p.replayedActions.length > 0 && (
            <tr>
              <th>replayed</th>
              <td title={p.replayedActions.map((a) => `${a.source}: ${a.name}`).join('\n')}>
                {bySource('trajectory')} from the call, {bySource('reference')} reference
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {p.warnings.length > 0 && (
        <ul className="warnings" data-testid="reward-warnings">
          {p.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

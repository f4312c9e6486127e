/** Every run in this database: its study, set, system, state and counts; resume stopped runs, open a run's study. */
import { useApp } from '../../store';

/** The run table. */
export function RunList() {
  const runs = useApp((s) => s.runs);
  const resume = useApp((s) => s.resumeRunJob);
  const openStudy = useApp((s) => s.openStudy);
  const setOpen = useApp((s) => s.setRunsOpen);
  if (!runs.length) return <p className="empty">No runs yet.</p>;
  return (
    <table className="runs-table">
      <thead>
        <tr><th>#</th><th>study</th><th>set</th><th>system</th><th>state</th><th>done</th><th>failed</th><th>started</th><th /></tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id} data-testid="run-row" data-run-id={r.id}>
            <td>{r.id}</td>
            <td>{r.studyName}</td>
            <td title={r.setPath}>{r.setName}</td>
            <td>{r.systemId} <span className="key-status">({r.systemKind})</span></td>
            <td className={`status-${r.status}`} data-testid="run-status" title={r.error ?? ''}>{r.status}</td>
            <td data-testid="run-done">{r.done} / {r.planned}</td>
            <td>{r.failed}</td>
            <td>{r.createdAt.slice(0, 16).replace('T', ' ')}</td>
            <td>
              {['cancelled', 'failed', 'interrupted'].includes(r.status) && <button type="button" data-testid="run-resume" onClick={() => void resume(r.id)}>Resume</button>}{' '}
              {r.studyId !== null && (
                <button type="button" data-testid="run-open-study" onClick={() => { setOpen(false); void openStudy(r.studyId!); }}>Open study</button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

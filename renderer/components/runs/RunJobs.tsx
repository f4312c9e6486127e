/** Live run and judge jobs: a progress bar with done/total, the latest message, the ETA, and Cancel. */
import { useApp } from '../../store';

/** m:ss for a duration in ms. */
export function formatEta(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The jobs started or seen in this window, newest first. */
export function RunJobs() {
  const jobs = useApp((s) => s.runJobs);
  const cancel = useApp((s) => s.cancelRunJob);
  if (!jobs.length) return null;
  return (
    <section className="runs-section" aria-label="progress">
      <h2>Progress</h2>
      {jobs.map((j) => (
        <div key={j.jobId} className="run-job" data-testid="run-progress" data-done={j.done} data-total={j.total} data-finished={j.finished}>
          <span>{j.kind}</span>
          <progress max={Math.max(1, j.total)} value={j.done} aria-label={`${j.kind} progress`} />
          <span className="num">{j.done} / {j.total}</span>
          {j.finished ? <span className={j.error ? 'status-failed' : 'status-done'}>{j.error ? 'failed' : j.message === 'cancelled' ? 'cancelled' : 'done'}</span> : <button type="button" data-testid="run-cancel" onClick={() => void cancel(j.jobId)}>Cancel</button>}
          <span className="msg" title={j.error ?? j.message}>{j.error ?? j.message.replace(/ · ETA \d+:\d\d/, '')}</span>
          {!j.finished && <span className="eta" data-testid="run-eta">ETA {formatEta(j.etaMs)}</span>}
        </div>
      ))}
    </section>
  );
}

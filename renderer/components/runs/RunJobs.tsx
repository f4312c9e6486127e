/** Live run and judge jobs: a progress bar with done/total, the latest message, the ETA, and Cancel. */
import { useApp } from '../../store';
import type { RunJob } from '../../store/runs-slice';

/** m:ss for a duration in ms. */
export function formatEta(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A finished job's state: cancelled (the jobs' message says so), failed (an error) or done. */
const statusOf = (j: RunJob) => (j.message === 'cancelled' ? 'cancelled' : j.error ? 'failed' : 'done');

/** What a job's row says: a cancelled run or judging keeps what it finished, unlike the all-or-nothing imports. */
const messageOf = (j: RunJob) =>
  j.finished && j.message === 'cancelled' ? `cancelled at ${j.done} of ${j.total}; what finished is kept` : (j.error ?? j.message);

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
          {j.finished ? <span className={`status-${statusOf(j)}`} data-testid="run-job-status">{statusOf(j)}</span> : <button type="button" data-testid="run-cancel" onClick={() => void cancel(j.jobId)}>Cancel</button>}
          <span className="msg" data-testid="run-job-message" title={messageOf(j)}>{messageOf(j).replace(/ · ETA \d+:\d\d/, '')}</span>
          {!j.finished && <span className="eta" data-testid="run-eta">ETA {formatEta(j.etaMs)}</span>}
        </div>
      ))}
    </section>
  );
}

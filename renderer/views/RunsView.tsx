/** The Runs view: start a run of an episode set against a voice system, follow its progress, resume it, and judge studies. */
import { useEffect } from 'react';
import { useApp } from '../store';
import { RunForm } from '../components/runs/RunForm';
import { RunJobs } from '../components/runs/RunJobs';
import { RunList } from '../components/runs/RunList';
import { JudgeTools } from '../components/runs/JudgeTools';
import '../components/runs/runs.css';

/** Laid over the main panes while the Runs tab is open. */
export function RunsView() {
  const error = useApp((s) => s.runsError);
  const load = useApp((s) => s.loadRuns);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <main className="runs-view" data-testid="runs-view">
      <h1>Run episodes against a voice system</h1>
      <RunForm />
      {error && <p className="error" role="alert" data-testid="runs-error">{error}</p>}
      <RunJobs />
      <section className="runs-section" aria-label="runs">
        <h2>Runs</h2>
        <RunList />
      </section>
      <JudgeTools />
    </main>
  );
}

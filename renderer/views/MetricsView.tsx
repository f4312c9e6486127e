/** The Results view: every benchmark figure of the open study, recomputed from the data, as plots and exportable tables. */
import { useEffect } from 'react';
import { useApp } from '../store';
import { bridge } from '../api/client';
import { DsbFigures, LabelFigures, Section, TauFigures, VeraFigures } from '../components/charts/MetricsSections';
import { JudgeCorrected } from '../components/corrected/JudgeCorrected';

/** The progress line of the running (or cancelled) computation: sections in, those still to come, and Cancel. */
function MetricsProgressLine() {
  const progress = useApp((s) => s.metricsProgress);
  const loading = useApp((s) => s.metricsLoading);
  const cancel = useApp((s) => s.cancelMetrics);
  if (!progress || (progress.finished && !progress.cancelled)) return null;
  const left = progress.sections.filter((p) => !progress.done.includes(p.id)).map((p) => p.title);
  const total = progress.sections.length;
  const text = progress.cancelled
    ? `Cancelled after ${progress.done.length} of ${total} sections; Recompute to compute them all.`
    : total === 0
      ? 'Reading the study…'
      : `Computed ${progress.done.length} of ${total} sections; computing ${left.join(', ')}…`;
  return (
    <p className="metrics-progress" data-testid="metrics-progress" role="status">
      <span className="num">{text}</span>
      {loading && !progress.cancelled && (
        <button type="button" data-testid="metrics-cancel" onClick={() => void cancel()}>
          Cancel
        </button>
      )}
    </p>
  );
}

/** The figures and tables of the open study; reloads when the study or its data change. */
export function MetricsView() {
  const studyId = useApp((s) => s.studyId);
  const metrics = useApp((s) => s.metrics);
  const loading = useApp((s) => s.metricsLoading);
  const error = useApp((s) => s.metricsError);
  const options = useApp((s) => s.metricsOptions);
  const loadMetrics = useApp((s) => s.loadMetrics);
  const setOptions = useApp((s) => s.setMetricsOptions);

  useEffect(() => {
    void loadMetrics();
  }, [studyId, loadMetrics]);

  useEffect(() => () => void useApp.getState().cancelMetrics(), []);

  useEffect(
    () =>
      bridge.on((event, payload) => {
        const store = useApp.getState();
        if (event === 'metrics.section') store.onMetricsSection(payload);
        else if (event === 'job.progress') store.onMetricsJob(payload);
        else if (event === 'data.changed' && (payload.studyId == null || payload.studyId === store.studyId))
          void loadMetrics();
      }),
    [loadMetrics],
  );

  const current = metrics && metrics.study.id === studyId ? metrics : null;
  const tablesOf = (section: string) => (current ? current.tables.filter((t) => t.section === section) : []);
  return (
    <main className="metrics-view" data-testid="metrics-view" data-loading={loading ? 'true' : 'false'}>
      <header className="metrics-head">
        <h1>Results{current ? ` · ${current.study.name}` : ''}</h1>
        {current && (
          <span className="metrics-facts num" data-testid="metrics-facts">
            {current.episodes} episodes · {current.families.map((f) => `${f.family} ${f.episodes}`).join(' · ')} ·{' '}
            {current.options.resamples} resamples, seed {current.options.seed}
          </span>
        )}
        <label className="metrics-option">
          NOT_ATTEMPTED
          <select
            data-testid="option-not-attempted"
            value={options.notAttempted ?? 'incorrect'}
            onChange={(e) => void setOptions({ notAttempted: e.target.value as 'incorrect' | 'exclude' })}
          >
            <option value="incorrect">counts as incorrect</option>
            <option value="exclude">left out</option>
          </select>
        </label>
        <button type="button" data-testid="metrics-reload" onClick={() => void loadMetrics()} disabled={loading}>
          {loading ? 'Computing…' : 'Recompute'}
        </button>
      </header>
      <MetricsProgressLine />
      {error && (
        <p className="error" role="alert" data-testid="metrics-error">
          {error}
        </p>
      )}
      {!current && !error && <p className="empty">Computing the study’s figures…</p>}
      {current && (
        <div className="metrics-body">
          {current.tau.map((t) => (
            <Section
              key={t.benchmark}
              id={t.benchmark}
              figures={<TauFigures section={t} />}
              tables={tablesOf(t.benchmark)}
            />
          ))}
          {current.vera && (
            <Section id="vera" figures={<VeraFigures section={current.vera} />} tables={tablesOf('vera')} />
          )}
          {current.dsbDg && (
            <Section id="dsb-dg" figures={<DsbFigures section={current.dsbDg} />} tables={tablesOf('dsb-dg')} />
          )}
          {(current.labels.failures.length > 0 || current.labels.categories.length > 0) && (
            <Section id="labels" figures={<LabelFigures section={current.labels} />} tables={tablesOf('labels')} />
          )}
          {current.judgeCorrected.figures.length > 0 && (
            <JudgeCorrected section={current.judgeCorrected} tables={tablesOf('judge-corrected')} />
          )}
          {current.interaction && <Section id="interaction" tables={tablesOf('interaction')} />}
          {current.transcription.length > 0 && <Section id="transcription" tables={tablesOf('transcription')} />}
          {current.tables.length === 0 && !loading && (
            <p className="empty">
              This study has nothing to tabulate yet: no rewards, grades, grounding labels, human labels or full-duplex
              calls.
            </p>
          )}
          {current.notes.length > 0 && (
            <ul className="metrics-notes" data-testid="metrics-notes">
              {current.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </main>
  );
}

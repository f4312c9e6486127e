/** The main window: study picker on top, episode list left, replay centre, judge right, status below. */
import { useEffect, useState } from 'react';
import { useApp } from '../store';
import { EpisodeList } from '../components/EpisodeList';
import { FilterBar } from '../components/FilterBar';
import { StatusBar } from '../components/StatusBar';
import { ShortcutsHelp } from '../components/ShortcutsHelp';
import { EpisodeView } from './EpisodeView';
import { ImportDialog } from '../components/ImportDialog';
import { handleKey } from '../keyboard';
import { bridge } from '../api/client';
import { AnnotatorBadge } from '../components/labels/AnnotatorBadge';
import { ViewTabs } from '../components/labels/ViewTabs';
import { StudySetup } from '../components/labels/StudySetup';
import { AdjudicationView } from './AdjudicationView';
import { AgreementView } from './AgreementView';
import { CasebookView } from './CasebookView';
import { MetricsView } from './MetricsView';
import { ResultsTab } from '../components/charts/ResultsTab';
import { RunsTab } from '../components/runs/RunsTab';
import { RunsView } from './RunsView';

/** The whole studio UI. */
export function App() {
  const studies = useApp((s) => s.studies);
  const studyId = useApp((s) => s.studyId);
  const error = useApp((s) => s.error);
  const theme = useApp((s) => s.theme);
  const loadStudies = useApp((s) => s.loadStudies);
  const openStudy = useApp((s) => s.openStudy);
  const [help, setHelp] = useState(false);
  const view = useApp((s) => s.view);
  const metricsOpen = useApp((s) => s.metricsOpen);
  const runsOpen = useApp((s) => s.runsOpen);

  useEffect(() => {
    void loadStudies();
    return bridge.on((event, payload) => {
      if (event === 'data.changed') void loadStudies();
      if (event === 'job.progress') useApp.getState().onJobProgress(payload);
      if (event === 'job.progress') useApp.getState().onRunJobProgress(payload);
    });
  }, [loadStudies]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (handleKey(e, (show) => setHelp((h) => show ?? !h))) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="shell">
      <header className="top-bar">
        <span className="brand">Earshot</span>
        <label className="study-picker">
          <span className="sr-only">Study</span>
          <select data-testid="study-picker" value={studyId ?? ''} title={studies.find((s) => s.id === studyId)?.name} onChange={(e) => void openStudy(Number(e.target.value))}>
            {studies.map((s) => (
              <option key={s.id} value={s.id}>{s.name} ({s.episodeCount})</option>
            ))}
          </select>
        </label>
        <button type="button" className="top-action" data-testid="open-import" onClick={() => useApp.getState().openImport(true)}>Import…</button>
        <ViewTabs />
        <ResultsTab />
        <RunsTab />
        {error && <span className="error" role="alert" data-testid="error">{error}</span>}
        <AnnotatorBadge />
      </header>
      {metricsOpen && <MetricsView />}
      {!metricsOpen && view === 'label' && (
        <>
          <nav className="left">
            <FilterBar />
            <EpisodeList />
          </nav>
          <EpisodeView />
        </>
      )}
      {!metricsOpen && view === 'adjudicate' && <AdjudicationView />}
      {!metricsOpen && view === 'agreement' && <AgreementView />}
      {!metricsOpen && view === 'casebook' && <CasebookView />}
      {!metricsOpen && view === 'setup' && <StudySetup />}
      {runsOpen && <RunsView />}
      <StatusBar onHelp={() => setHelp(true)} />
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
      <ImportDialog />
    </div>
  );
}

/** The Casebook view: the study's cases by category on the left, the chosen case's call in the centre, the case beside. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store';
import { EpisodeView } from './EpisodeView';
import { CaseList } from '../components/casebook/CaseList';
import { CasePanel } from '../components/casebook/CasePanel';
import '../components/casebook/casebook.css';

/** The casebook; an annotator must be chosen, since what a casebook shows depends on who looks (blind rules). */
export function CasebookView() {
  const { studyId, annotatorId, selectedCaseId, loadCasebook } = useApp(
    useShallow((s) => ({
      studyId: s.studyId,
      annotatorId: s.annotatorId,
      selectedCaseId: s.selectedCaseId,
      loadCasebook: s.loadCasebook,
    })),
  );
  useEffect(() => void loadCasebook(), [studyId, annotatorId, loadCasebook]);
  if (annotatorId === null) {
    return (
      <main className="wide" data-testid="casebook-view">
        <h1>Casebook</h1>
        <p className="empty">
          Choose who you are (top right): while a study is blind you see only the cases you added.
        </p>
      </main>
    );
  }
  return (
    <>
      <CaseList />
      {selectedCaseId === null ? (
        <>
          <main className="center empty-state">
            <p>Pick a case on the left to play it from its moment.</p>
          </main>
          <aside className="right">
            <CasePanel />
          </aside>
        </>
      ) : (
        <EpisodeView side={<CasePanel />} />
      )}
    </>
  );
}

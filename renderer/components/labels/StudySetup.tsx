/** The study setup view: labelling settings and taxonomy, annotators, work queues, offline exchange. */
import { SetupSettings } from './SetupSettings';
import { SetupQueues } from './SetupQueues';
import { SetupExchange } from './SetupExchange';
import './labels.css';

/** Full-width setup page for the open study. */
export function StudySetup() {
  return (
    <main className="wide setup" data-testid="setup-view">
      <h1>Study setup</h1>
      <div className="cards">
        <SetupSettings />
        <SetupQueues />
        <SetupExchange />
      </div>
    </main>
  );
}

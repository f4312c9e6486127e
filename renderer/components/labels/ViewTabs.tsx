/** Tabs in the top bar that switch between labelling (replay), adjudication, agreement, casebook and study setup. */
import { useApp } from '../../store';
import type { StudioView } from '../../store/labels-slice';
import './labels.css';

const TABS: [StudioView, string][] = [
  ['label', 'Label'],
  ['adjudicate', 'Adjudicate'],
  ['agreement', 'Agreement'],
  ['casebook', 'Casebook'],
  ['setup', 'Setup'],
];

/** The five views as tabs; none is shown selected while the Results or Runs view is laid over them. */
export function ViewTabs() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const covered = useApp((s) => s.metricsOpen || s.runsOpen);
  return (
    <div className="view-tabs" role="tablist" aria-label="views">
      {TABS.map(([key, label]) => (
        <button key={key} type="button" role="tab" aria-selected={view === key && !covered} data-testid={`tab-${key}`} onClick={() => setView(key)}>{label}</button>
      ))}
    </div>
  );
}

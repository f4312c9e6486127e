/** The top bar's "Results" tab: opens the Results view over the other views, and gives way when another view tab is chosen. */
import { useEffect } from 'react';
import { useApp } from '../../store';

/** A tab-styled toggle for the Results view. */
export function ResultsTab() {
  const open = useApp((s) => s.metricsOpen);
  const setOpen = useApp((s) => s.setMetricsOpen);
  useEffect(() => {
    if (!open) return;
    // Any other view tab (or a change of view) closes the Results view.
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('[role="tab"]:not([data-testid="tab-results"])')) setOpen(false);
    };
    document.addEventListener('click', onClick, true);
    const unsubscribe = useApp.subscribe((s, prev) => {
      if (s.view !== prev.view) setOpen(false);
    });
    return () => {
      document.removeEventListener('click', onClick, true);
      unsubscribe();
    };
  }, [open, setOpen]);
  return (
    <div className="view-tabs results-tab" role="tablist" aria-label="results">
      <button type="button" role="tab" aria-selected={open} data-testid="tab-results" onClick={() => setOpen(!open)}>Results</button>
    </div>
  );
}

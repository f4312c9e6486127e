/** The top bar's "Runs" tab: opens the Runs view over the other views; another tab closes it. */
import { useEffect } from 'react';
import { useApp } from '../../store';

/** A tab-styled toggle for the Runs view. */
export function RunsTab() {
  const open = useApp((s) => s.runsOpen);
  const setOpen = useApp((s) => s.setRunsOpen);
  const running = useApp((s) => s.runJobs.filter((j) => !j.finished).length);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('[role="tab"]:not([data-testid="tab-runs"])')) setOpen(false);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [open, setOpen]);
  return (
    <div className="view-tabs" role="tablist" aria-label="runs">
      <button type="button" role="tab" aria-selected={open} data-testid="tab-runs" onClick={() => setOpen(!open)}>
        Runs{running ? ` (${running})` : ''}
      </button>
    </div>
  );
}

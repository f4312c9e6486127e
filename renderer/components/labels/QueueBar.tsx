/** The annotator's work queue inside the label panel: which queue, progress, and the next item not yet done. */
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store';

/** Queue picker, "7 / 30 done" and a Next button; nothing when the study has no queue for this annotator. */
export function QueueBar() {
  const { queues, activeQueueId, items, studyId, annotatorId } = useApp(
    useShallow((s) => ({ queues: s.queues, activeQueueId: s.activeQueueId, items: s.queueItems, studyId: s.studyId, annotatorId: s.annotatorId })),
  );
  const { loadQueues, setActiveQueue, openNextInQueue } = useApp(useShallow((s) => ({ loadQueues: s.loadQueues, setActiveQueue: s.setActiveQueue, openNextInQueue: s.openNextInQueue })));
  useEffect(() => {
    void loadQueues();
  }, [studyId, loadQueues]);
  const mine = useMemo(() => queues.filter((q) => q.progress.some((p) => p.annotatorId === annotatorId)), [queues, annotatorId]);
  useEffect(() => {
    if (activeQueueId === null && mine.length > 0) void setActiveQueue(mine[0].id);
    if (activeQueueId !== null && !queues.some((q) => q.id === activeQueueId)) void setActiveQueue(null);
  }, [mine, activeQueueId, queues, setActiveQueue]);
  if (mine.length === 0) return null;
  const done = items.filter((i) => i.done).length;
  return (
    <div className="queue-bar" data-testid="queue-bar">
      <select aria-label="work queue" value={activeQueueId ?? ''} onChange={(e) => void setActiveQueue(Number(e.target.value))}>
        {mine.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
      </select>
      <span className="num" data-testid="queue-progress">{done} / {items.length} done</span>
      <button type="button" className="small" data-testid="queue-next" disabled={done === items.length} onClick={() => void openNextInQueue()}>next ▶</button>
    </div>
  );
}

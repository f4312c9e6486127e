/** Study setup: draw a work queue (N failed calls stratified by system, seeded) and follow each annotator's progress. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '../../api/client';
import { useApp } from '../../store';

/** The queue form and the list of queues with progress bars. */
export function SetupQueues() {
  const { studyId, annotators, queues, loadQueues } = useApp(useShallow((s) => ({ studyId: s.studyId, annotators: s.annotators, queues: s.queues, loadQueues: s.loadQueues })));
  const [name, setName] = useState('pilot');
  const [size, setSize] = useState(90);
  const [seed, setSeed] = useState(1);
  const [onlyFailed, setOnlyFailed] = useState(true);
  const [stratify, setStratify] = useState(true);
  const [split, setSplit] = useState(false);
  const [who, setWho] = useState<number[]>([]);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => void loadQueues(), [studyId, loadQueues]);
  if (studyId === null) return null;
  const create = async () => {
    try {
      const q = await call('queues.create', { studyId, name: name.trim(), size, seed, onlyFailed, stratifyBy: stratify ? 'system' : 'none', assignment: split ? 'split' : 'all', annotatorIds: who });
      setMessage({ text: `drew ${q.spec.size} calls: ${Object.entries(q.spec.strata).map(([k, v]) => `${k} ${v}`).join(', ')}`, failed: false });
      await loadQueues();
    } catch (err) {
      setMessage({ text: (err as Error).message, failed: true });
    }
  };
  return (
    <div className="card" data-testid="setup-queues">
      <h2>Work queues</h2>
      <div className="setup-row">
        <label>name <input data-testid="queue-name" value={name} onChange={(e) => setName(e.target.value)} size={10} /></label>
        <label>calls <input data-testid="queue-size" type="number" min={1} value={size} onChange={(e) => setSize(Number(e.target.value))} style={{ width: 70 }} /></label>
        <label>seed <input type="number" min={0} value={seed} onChange={(e) => setSeed(Number(e.target.value))} style={{ width: 70 }} /></label>
      </div>
      <div className="setup-row">
        <label><input type="checkbox" checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} /> failed calls only</label>
        <label><input type="checkbox" checked={stratify} onChange={(e) => setStratify(e.target.checked)} /> stratified by system</label>
        <label><input type="checkbox" checked={split} onChange={(e) => setSplit(e.target.checked)} /> split between annotators (else each labels all)</label>
      </div>
      <div className="setup-row">
        <span className="muted">assign to</span>
        {annotators.map((a) => (
          <label key={a.id}><input type="checkbox" data-testid="queue-assignee" data-name={a.name} checked={who.includes(a.id)} onChange={(e) => setWho((w) => (e.target.checked ? [...w, a.id] : w.filter((x) => x !== a.id)))} />{a.name}</label>
        ))}
        <button type="button" className="primary" data-testid="queue-create" disabled={!name.trim() || who.length === 0 || size < 1} onClick={() => void create()}>Draw queue</button>
      </div>
      {message && <p className={message.failed ? 'error' : 'muted'} role={message.failed ? 'alert' : undefined} data-testid="queue-message">{message.text}</p>}
      <table className="data" data-testid="queue-list">
        <tbody>
          {queues.map((q) => (
            <tr key={q.id}>
              <td><strong>{q.name}</strong><div className="muted">{q.spec.size} calls · seed {q.spec.seed}{q.spec.onlyFailed ? ' · failed' : ''}{q.spec.stratifyBy === 'system' ? ' · by system' : ''}</div></td>
              <td>
                {q.progress.map((p) => (
                  <div key={p.annotatorId} className="num" data-testid="queue-annotator-progress">
                    {p.annotator}: {p.done} / {p.total} <span className="ci-bar"><span style={{ left: 0, width: `${(100 * p.done) / Math.max(1, p.total)}%` }} /></span>
                  </div>
                ))}
              </td>
              <td><button type="button" className="small quiet" onClick={async () => { await call('queues.delete', { queueId: q.id }); void loadQueues(); }}>delete</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

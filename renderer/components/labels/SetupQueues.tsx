/**
 * Study setup: draw a work queue (N calls, a seeded sample under a design: simple random or stratified, proportional or
 * Neyman), follow each annotator's progress, and plan the labels a judge-corrected figure needs.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '../../api/client';
import { useApp } from '../../store';
import { useOfferedAnnotators } from './use-offered-annotators';
import type { JudgeMapping } from '../../../shared/types/judge-validation';
import type { QueueAllocation, QueueStratifyBy } from '../../../shared/types/annotation';
import { LabelBudget } from './LabelBudget';

/** The queue form and the list of queues with progress bars. */
export function SetupQueues() {
  const { studyId, queues, loadQueues } = useApp(useShallow((s) => ({ studyId: s.studyId, queues: s.queues, loadQueues: s.loadQueues })));
  const annotators = useOfferedAnnotators();
  const [name, setName] = useState('pilot');
  const [size, setSize] = useState(90);
  const [seed, setSeed] = useState(1);
  const [onlyFailed, setOnlyFailed] = useState(true);
  const [stratify, setStratify] = useState<QueueStratifyBy>('system');
  const [allocation, setAllocation] = useState<QueueAllocation>('proportional');
  const [mapping, setMapping] = useState('');
  const [mappings, setMappings] = useState<JudgeMapping[]>([]);
  const [split, setSplit] = useState(false);
  const [who, setWho] = useState<number[]>([]);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => void loadQueues(), [studyId, loadQueues]);
  useEffect(() => {
    if (studyId === null) return;
    call('judgeMappings.list', { studyId })
      .then((r) => setMappings(r.mappings))
      .catch(() => setMappings([]));
  }, [studyId]);
  const binary = mappings.filter((m) => m.kind === 'binary').map((m) => m.key);
  if (studyId === null) return null;
  const create = async () => {
    try {
      const q = await call('queues.create', { studyId, name: name.trim(), size, seed, onlyFailed, stratifyBy: stratify, ...(stratify !== 'none' && allocation === 'neyman' ? { allocation, mapping: mapping || binary[0] } : {}), assignment: split ? 'split' : 'all', annotatorIds: who });
      // The message comes with the list that shows the new queue.
      await loadQueues();
      setMessage({ text: `drew ${q.spec.size} calls: ${Object.entries(q.spec.strata).map(([k, v]) => `${k} ${v}`).join(', ')}`, failed: false });
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
        <label>
          sample
          <select data-testid="queue-stratify" value={stratify} onChange={(e) => setStratify(e.target.value as QueueStratifyBy)}>
            <option value="none">simple random</option>
            <option value="system">stratified by system</option>
            <option value="judge">stratified by judge label</option>
            <option value="condition">stratified by condition</option>
          </select>
        </label>
        {stratify !== 'none' && (
          <label>
            allocation
            <select data-testid="queue-allocation" value={allocation} onChange={(e) => setAllocation(e.target.value as QueueAllocation)}>
              <option value="proportional">proportional</option>
              <option value="neyman" disabled={binary.length === 0}>Neyman (from the labels so far)</option>
            </select>
          </label>
        )}
        {stratify !== 'none' && allocation === 'neyman' && (
          <label>
            S_h under
            <select data-testid="queue-mapping" value={mapping || binary[0]} onChange={(e) => setMapping(e.target.value)}>
              {binary.map((k) => <option key={k} value={k}>{k}</option>)}
            </select>
          </label>
        )}
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
              <td><strong>{q.name}</strong><div className="muted">{q.spec.size} calls · seed {q.spec.seed}{q.spec.onlyFailed ? ' · failed' : ''}{q.spec.stratifyBy === 'none' ? ' · simple random' : ` · by ${q.spec.stratifyBy === 'judge' ? 'judge label' : q.spec.stratifyBy}${q.spec.allocation === 'neyman' ? ', Neyman' : ''}`}</div></td>
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
      <LabelBudget studyId={studyId} mappings={mappings} />
    </div>
  );
}

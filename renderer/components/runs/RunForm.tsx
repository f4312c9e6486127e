/** The form that starts a run: episode set, system config, optional judge, study name, repeats and concurrency. */
import { useState } from 'react';
import { call } from '../../api/client';
import { useApp } from '../../store';
import type { RunExample } from '../../../shared/types/runs';

function PathField({ id, label, kind, value, examples, onChange, optional }: { id: string; label: string; kind: RunExample['kind']; value: string; examples: RunExample[]; onChange: (v: string) => void; optional?: boolean }) {
  const options = examples.filter((e) => e.kind === kind);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="pair">
        <select aria-label={`${label}: examples`} data-testid={`${id}-example`} value={options.some((o) => o.path === value) ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{optional ? 'none' : 'example…'}</option>
          {options.map((o) => (
            <option key={o.path} value={o.path} title={o.description}>{o.name}</option>
          ))}
        </select>
        <input id={id} data-testid={id} placeholder="path to a file on this machine" value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
      </div>
    </>
  );
}

/** In the desktop app, where no key is set: a field that stores one with the OS keychain (never shown again). */
function StoreKey({ env }: { env: string }) {
  const [value, setValue] = useState('');
  const load = useApp((s) => s.loadRuns);
  const save = async () => {
    await call('keys.store', { env, value });
    setValue('');
    await load();
  };
  return (
    <span className="pair">
      <input type="password" aria-label={`${env} value`} placeholder={`paste ${env}`} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
      <button type="button" disabled={!value} onClick={() => void save()}>Store in keychain</button>
    </span>
  );
}

/** The run form. */
export function RunForm() {
  const form = useApp((s) => s.runForm);
  const examples = useApp((s) => s.runExamples);
  const key = useApp((s) => s.keyStatus);
  const setForm = useApp((s) => s.setRunForm);
  const start = useApp((s) => s.startRunJob);
  return (
    <form className="run-form" onSubmit={(e) => { e.preventDefault(); void start(); }}>
      <PathField id="run-set" label="Episode set" kind="set" value={form.set} examples={examples} onChange={(set) => setForm({ set })} />
      <PathField id="run-system" label="System config" kind="system" value={form.system} examples={examples} onChange={(system) => setForm({ system })} />
      <PathField id="run-judge" label="Judge config" kind="judge" value={form.judge} examples={examples} onChange={(judge) => setForm({ judge })} optional />
      <label htmlFor="run-study">Study</label>
      <input id="run-study" data-testid="run-study" placeholder="default: <set> × <system>" value={form.study} onChange={(e) => setForm({ study: e.target.value })} />
      <label htmlFor="run-repeats">Repeats</label>
      <div className="numbers">
        <input id="run-repeats" data-testid="run-repeats" type="number" min={1} max={50} value={form.repeats} onChange={(e) => setForm({ repeats: Math.max(1, Number(e.target.value) || 1) })} />
        <label htmlFor="run-concurrency">at once</label>
        <input id="run-concurrency" data-testid="run-concurrency" type="number" min={1} max={32} value={form.concurrency} onChange={(e) => setForm({ concurrency: Math.max(1, Number(e.target.value) || 1) })} />
      </div>
      <div className="run-actions">
        <button type="submit" className="primary" data-testid="run-start" disabled={!form.set || !form.system}>Start run</button>
        {key && (
          <span className={`key-status ${key.source}`} data-testid="key-status">
            {key.env}: {key.source === 'env' ? 'from the environment' : key.source === 'stored' ? 'stored in the keychain' : 'not set'}
          </span>
        )}
        {key && key.source === 'missing' && key.canStore && <StoreKey env={key.env} />}
      </div>
    </form>
  );
}

/** The current annotator, always visible in the top bar; switching is a deliberate two-step action, and new profiles are made here. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Annotator, ListedAnnotator } from '../../../shared/types/annotation';
import { useApp } from '../../store';
import { isImportedRater } from './offered-annotators';
import { useOfferedAnnotators } from './use-offered-annotators';
import './labels.css';

/** How the menu names where an imported rater came from; empty for people made in the studio. */
function provenance(a: ListedAnnotator, studyName: (id: number) => string): string {
  if (!isImportedRater(a)) return '';
  return `imported rater of ${(a.importedIn ?? []).map(studyName).join(', ')}`;
}

function NewAnnotatorForm({ onDone }: { onDone(created: Annotator | null): void }) {
  const createAnnotator = useApp((s) => s.createAnnotator);
  const [name, setName] = useState('');
  const [initials, setInitials] = useState('');
  const [role, setRole] = useState<Annotator['role']>('annotator');
  return (
    <form
      className="annotator-form"
      data-testid="annotator-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void createAnnotator(name.trim(), initials.trim(), role).then(onDone);
      }}
    >
      <input data-testid="annotator-name" placeholder="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} aria-label="name" />
      <input data-testid="annotator-initials" placeholder="initials" value={initials} onChange={(e) => setInitials(e.target.value)} maxLength={8} className="initials" aria-label="initials" />
      <select value={role} onChange={(e) => setRole(e.target.value as Annotator['role'])} aria-label="role">
        <option value="annotator">annotator</option>
        <option value="adjudicator">adjudicator</option>
      </select>
      <button type="submit" className="small" data-testid="annotator-create" disabled={!name.trim()}>add</button>
    </form>
  );
}

/** Shows who is labelling; opens a menu to switch (confirm required) or add a profile. */
export function AnnotatorBadge() {
  const { annotatorId, blind, studies } = useApp(
    useShallow((s) => ({ annotatorId: s.annotatorId, studies: s.studies, blind: s.labels?.settings.blind ?? s.studies.find((x) => x.id === s.studyId)?.blind ?? true })),
  );
  const annotators = useOfferedAnnotators();
  const studyName = (id: number) => `“${studies.find((x) => x.id === id)?.name ?? `study ${id}`}”`;
  const { loadAnnotators, switchAnnotator } = useApp(useShallow((s) => ({ loadAnnotators: s.loadAnnotators, switchAnnotator: s.switchAnnotator })));
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Annotator | ListedAnnotator | null>(null);
  useEffect(() => {
    void loadAnnotators();
  }, [loadAnnotators]);
  const current = annotators.find((a) => a.id === annotatorId) ?? null;
  const close = () => {
    setOpen(false);
    setPending(null);
  };
  return (
    <div className="annotator-badge-wrap">
      <button type="button" className={`annotator-badge${current ? '' : ' none'}`} data-testid="annotator-badge" data-annotator={current?.name ?? ''} onClick={() => (open ? close() : setOpen(true))} aria-expanded={open}>
        {current ? (
          <>
            <span className="initials-dot">{current.initials}</span>
            <span>{current.name}</span>
            <span className="muted">{current.role === 'adjudicator' ? 'adjudicator' : blind ? 'blind' : 'annotator'}</span>
          </>
        ) : (
          <span>no annotator · choose</span>
        )}
      </button>
      {open && (
        <div className="annotator-menu" data-testid="annotator-menu" role="menu">
          {pending ? (
            <div className="annotator-confirm" data-testid="annotator-confirm">
              <p>
                Label as <strong>{pending.name}</strong>
                {'importedIn' in pending && isImportedRater(pending) ? ` (${provenance(pending, studyName)})` : ''} from
                now on? Labels are saved under the annotator shown here.
              </p>
              <button type="button" className="primary small" data-testid="annotator-confirm-switch" onClick={() => (switchAnnotator(pending.id), close())}>switch to {pending.name}</button>
              <button type="button" className="small quiet" onClick={() => setPending(null)}>cancel</button>
            </div>
          ) : (
            <>
              <p className="menu-title">Who is labelling?</p>
              {annotators.map((a) => (
                <button key={a.id} type="button" role="menuitem" className={`annotator-item${a.id === annotatorId ? ' current' : ''}`} data-testid="annotator-item" data-name={a.name} data-imported={isImportedRater(a) ? 'true' : 'false'} disabled={a.id === annotatorId} onClick={() => setPending(a)} title={provenance(a, studyName) || undefined}>
                  <span className={`initials-dot${isImportedRater(a) ? ' imported' : ''}`}>{a.initials}</span> {a.name}{' '}
                  <span className="muted">{isImportedRater(a) ? 'imported rater' : a.role}</span>
                </button>
              ))}
              <NewAnnotatorForm onDone={(created) => created && (annotatorId === null ? (switchAnnotator(created.id), close()) : setPending(created))} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

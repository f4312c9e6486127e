/**
 * "Add to casebook" for the open call: a category (the study's failure categories and those in use are offered, any
 * text is taken), a note, and where the case points — the playhead, one of my labelled regions, or the whole call.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SYSTEM_FIELDS } from '../../../shared/types/annotation';
import { regionsOf } from '../../../shared/types/regions';
import { currentMs } from '../../player/player';
import { formatMs } from '../../format';
import { useApp } from '../../store';
import type { CaseSpan } from '../../store/casebook-slice';
import './casebook.css';

/** The span a choice of the "where" menu means, read when the case is saved (the playhead moves). */
function spanOf(where: string, regions: ReturnType<typeof regionsOf>): CaseSpan {
  if (where === 'call') return {};
  if (where === 'playhead') return { startMs: Math.round(currentMs()) };
  const r = regions[Number(where.slice('region-'.length))];
  return r ? { startMs: r.startMs, endMs: r.endMs } : {};
}

/** The panel with its form; folded until opened. */
export function AddToCasebook() {
  const { annotatorId, studyId, episodeId, casebook, error, regionsValue } = useApp(
    useShallow((s) => ({
      annotatorId: s.annotatorId,
      studyId: s.studyId,
      episodeId: s.episodeId,
      casebook: s.casebook,
      error: s.casebookError,
      regionsValue: s.labels?.values[SYSTEM_FIELDS.regions] ?? null,
    })),
  );
  const addCase = useApp((s) => s.addCase);
  const loadCasebook = useApp((s) => s.loadCasebook);
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState('');
  const [note, setNote] = useState('');
  const [where, setWhere] = useState('playhead');
  const [added, setAdded] = useState<string | null>(null);
  const regions = regionsOf(regionsValue);
  const form = useRef<HTMLFormElement>(null);
  // The panel sits below my labels: an opened form is scrolled into sight and its category focused.
  useEffect(() => {
    if (!open) return;
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector('input')?.focus();
  }, [open]);
  useEffect(() => void loadCasebook(), [studyId, annotatorId, loadCasebook]);
  useEffect(() => setAdded(null), [episodeId]);
  if (annotatorId === null || episodeId === null) return null;

  const save = async () => {
    const c = await addCase(category.trim(), note, spanOf(where, regions));
    if (!c) return;
    const at =
      c.kind === 'call'
        ? 'the whole call'
        : c.kind === 'moment'
          ? `@ ${formatMs(c.startMs)}`
          : `${formatMs(c.startMs)}–${formatMs(c.endMs)}`;
    setAdded(`Added to “${c.category}” (${at}).`);
    setNote('');
    setOpen(false);
  };
  return (
    <section className="panel casebook-add" data-testid="casebook-add">
      <header className="panel-head">
        <h2>Casebook</h2>
        {!open && (
          <button type="button" className="small" data-testid="casebook-add-open" onClick={() => setOpen(true)}>
            Add to casebook…
          </button>
        )}
      </header>
      {added && !open && (
        <p className="muted" data-testid="casebook-added">
          {added}
        </p>
      )}
      {open && (
        <form
          ref={form}
          className="casebook-form"
          data-testid="casebook-add-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label>
            Category
            <input
              data-testid="casebook-category"
              list="casebook-categories"
              value={category}
              maxLength={120}
              placeholder="e.g. misheard digits"
              onChange={(e) => setCategory(e.target.value)}
            />
          </label>
          <datalist id="casebook-categories">
            {(casebook?.suggested ?? []).map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <label>
            Where
            <select data-testid="casebook-where" value={where} onChange={(e) => setWhere(e.target.value)}>
              <option value="playhead">at the playhead</option>
              {regions.map((r, i) => (
                <option key={`${r.startMs}-${r.endMs}`} value={`region-${i}`}>
                  region {formatMs(r.startMs)}–{formatMs(r.endMs)}
                  {r.label ? ` ${r.label}` : ''}
                </option>
              ))}
              <option value="call">the whole call</option>
            </select>
          </label>
          <label>
            Note
            <textarea
              data-testid="casebook-note"
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="why this call is exemplary"
            />
          </label>
          <div className="casebook-actions">
            <button type="submit" className="small on" data-testid="casebook-save" disabled={!category.trim()}>
              Add
            </button>
            <button type="button" className="small quiet" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

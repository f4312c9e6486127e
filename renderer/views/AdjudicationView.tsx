/** Adjudication: the disputed items of a field on the left, the call in the centre with every annotator's marks drawn,
 * each annotator's labels and notes, the judge and the final label on the right. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AdjudicationItem, ResolutionCount, Taxonomy } from '../../shared/types/annotation';
import type { AdjudicationItemDetail } from '../../shared/types/adjudication';
import { call } from '../api/client';
import { useApp } from '../store';
import { EpisodeView } from './EpisodeView';
import { AdjudicationPanel } from '../components/labels/AdjudicationPanel';
import { nextUndecided } from '../components/labels/adjudication-queue';
import type { AnnotatorMarks } from '../components/labels/annotator-marks';
import '../components/labels/labels.css';

/** "source resolved for 86 of 90 (80 unanimous, 6 decided, 2 unresolved, 2 open)", each count in its status colour. */
function ResolutionLine({ counts: c }: { counts: ResolutionCount }) {
  return (
    <span
      className="resolution" data-testid="resolution-count"
      data-decided={c.decided} data-unresolved={c.unresolved} data-open={c.open}
    >
      {`${c.field} resolved for ${c.resolved} of ${c.items} (`}
      <span className="status-unanimous">{c.unanimous} unanimous</span>{', '}
      <span className="status-decided">{c.decided} decided</span>{', '}
      <span className="status-unresolved">{c.unresolved} unresolved</span>{', '}
      <span className="status-disputed">{c.open} open</span>{')'}
    </span>
  );
}

/** The adjudication view; only adjudicators see the annotators' labels (the main side enforces this too). */
export function AdjudicationView() {
  const { studyId, annotatorId, annotators, episodeId, openEpisode } = useApp(
    useShallow((s) => ({
      studyId: s.studyId,
      annotatorId: s.annotatorId,
      annotators: s.annotators,
      episodeId: s.episodeId,
      openEpisode: s.openEpisode,
    })),
  );
  const me = annotators.find((a) => a.id === annotatorId);
  const [summary, setSummary] = useState<ResolutionCount[]>([]);
  const [field, setField] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const [data, setData] = useState<{ items: AdjudicationItem[]; counts: ResolutionCount } | null>(null);
  const [detail, setDetail] = useState<AdjudicationItemDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taxonomy, setTaxonomy] = useState<Taxonomy | null>(null);
  const [autoAccept, setAutoAccept] = useState(true);
  useEffect(() => {
    if (studyId !== null)
      void call('annotation.settings', { studyId }).then((s) => {
        setTaxonomy(s.taxonomy);
        setAutoAccept(s.autoAcceptUnanimous);
      });
  }, [studyId]);

  // Each reload is numbered: an older one that answers late (the first, before a field was picked) changes nothing.
  const reloads = useRef(0);
  /** Fetches the counts and the field's queue again; returns the queue's items (null when it could not). */
  const reload = useCallback(async (): Promise<AdjudicationItem[] | null> => {
    if (studyId === null || me?.role !== 'adjudicator') return null;
    const mine = ++reloads.current;
    try {
      const counts = await call('adjudication.summary', { studyId });
      if (mine !== reloads.current) return null;
      setSummary(counts);
      const f = field && counts.some((c) => c.field === field) ? field : (counts[0]?.field ?? null);
      setField(f);
      const queue = f ? await call('adjudication.queue', { studyId, field: f, adjudicatorId: me.id, all }) : null;
      if (mine !== reloads.current) return null;
      setData(queue);
      setError(null);
      return queue?.items ?? null;
    } catch (err) {
      if (mine === reloads.current) setError((err as Error).message);
      return null;
    }
  }, [studyId, me, field, all]);
  useEffect(() => void reload(), [reload]);

  const selected = data?.items.find((i) => i.episodeId === episodeId);
  useEffect(() => {
    if (!selected || !field || me?.role !== 'adjudicator') return setDetail(null);
    let current = true;
    call('adjudication.item', { episodeId: selected.episodeId, field, adjudicatorId: me.id })
      .then((d) => current && setDetail(d))
      .catch((err: Error) => current && setError(err.message));
    return () => void (current = false);
  }, [selected, field, me]);
  // In adjudication the waveform shows every annotator's marks (none until they arrive), never the adjudicator's own.
  const marks = useMemo<AnnotatorMarks[]>(
    () =>
      detail && detail.item.episodeId === selected?.episodeId
        ? detail.annotators.map(({ annotator, initials, firstErrorMs, regions }) => ({
            annotator, initials, firstErrorMs, regions,
          }))
        : [],
    [detail, selected],
  );

  const decided = async (item: AdjudicationItem) => {
    const items = await reload();
    const next = items && nextUndecided(items, item.episodeId);
    if (next) await openEpisode(next.episodeId);
  };

  if (!me || me.role !== 'adjudicator') {
    return (
      <main className="wide" data-testid="adjudication-view">
        <h1>Adjudication</h1>
        <p className="empty">
          Adjudication shows every annotator’s labels, so it is open to adjudicators only. Switch to an adjudicator
          profile (top right) or add one.
        </p>
      </main>
    );
  }
  return (
    <>
      <nav className="left adjudication-list" data-testid="adjudication-view">
        <div className="adjudication-head">
          <select
            data-testid="adjudication-field" aria-label="field"
            value={field ?? ''} onChange={(e) => setField(e.target.value)}
          >
            {summary.map((c) => <option key={c.field} value={c.field}>{c.field}</option>)}
          </select>
          {data && <ResolutionLine counts={data.counts} />}
          {/* Without auto-accept, unanimous items are in the queue already: the switch would change nothing. */}
          {autoAccept ? (
            <label className="muted">
              <input type="checkbox" data-testid="adjudication-show-all" checked={all}
                onChange={(e) => setAll(e.target.checked)} /> show unanimous items too
            </label>
          ) : (
            <span className="muted" data-testid="adjudication-unanimous-queued">
              unanimous items are queued too (auto-accept is off)
            </span>
          )}
          {error && <span className="error">{error}</span>}
          {summary.length === 0 && !error && (
            <span className="muted">No field has been labelled by two annotators yet.</span>
          )}
        </div>
        {data?.items.map((i) => (
          <div
            key={i.episodeId} data-testid="adjudication-item" data-status={i.status} data-episode-id={i.episodeId}
            className={`adjudication-row row-${i.status}${i.episodeId === episodeId ? ' selected' : ''}`}
            onClick={() => void openEpisode(i.episodeId)}
          >
            <span className="ext-id">{i.externalId}</span>
            <span className="row-bottom">
              <span className={`status-${i.status}`}>{i.status}</span>
              <span className="row-labels">{i.labels.map((l) => l.value).join(' vs ')}</span>
              {i.final && <span className="row-final">→ {i.final}</span>}
            </span>
          </div>
        ))}
      </nav>
      <EpisodeView
        marks={marks}
        side={
          <AdjudicationPanel
            item={selected} detail={detail} field={field ?? ''} adjudicatorId={me.id} taxonomy={taxonomy}
            onDecided={(item) => void decided(item)}
          />
        }
      />
    </>
  );
}

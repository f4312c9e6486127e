/** The episode list: virtualized and paged, so a study of 100,000 calls scrolls as smoothly as one of ten. */
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useApp } from '../store';
import { formatScore } from '../format';
import { progressKey } from '../store/progress-slice';
import { MyMark, StudyMark } from './ProgressMarks';
import { readableName } from './episode-name';
import { learnFirstAudio } from '../player/first-audio';

const ROW_HEIGHT = 52;

/** Lists the episodes matching the browser's query; click to open one. */
export function EpisodeList() {
  const total = useApp((s) => s.total);
  const rows = useApp((s) => s.rows);
  const episodeId = useApp((s) => s.episodeId);
  const openEpisode = useApp((s) => s.openEpisode);
  const ensureRows = useApp((s) => s.ensureRows);
  const loadProgress = useApp((s) => s.loadProgress);
  const marksFor = useApp(progressKey);
  const progress = useApp((s) => (s.progressFor === progressKey(s) ? s.progress : null));
  const lastAck = useApp((s) => s.lastAck);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (total > 0) void ensureRows(first, last + 1);
  }, [first, last, total, ensureRows]);

  useEffect(() => {
    const shown = rows.slice(first, last + 1).flatMap((r) => (r ? [r.id] : []));
    if (shown.length > 0) void loadProgress(shown);
  }, [first, last, rows, marksFor, loadProgress]);

  // The shown rows' first assets, so a press starts the call's audio before any reply.
  useEffect(() => {
    const shown = rows.slice(first, last + 1).flatMap((r) => (r ? [r.id] : []));
    if (shown.length > 0) void learnFirstAudio(shown);
  }, [first, last, rows]);

  // Every acknowledged change (a label, an undo, a commit) may change that call's marks.
  useEffect(() => {
    if (lastAck) void loadProgress([lastAck.episodeId], true);
  }, [lastAck, loadProgress]);

  const latest = useRef({ rows, virtual });
  latest.current = { rows, virtual };
  useEffect(() => {
    const at = latest.current.rows.findIndex((r) => r?.id === episodeId);
    if (at >= 0) latest.current.virtual.scrollToIndex(at, { align: 'auto' });
  }, [episodeId]);

  if (total === 0)
    return (
      <p className="empty" data-testid="episode-list-empty">
        No episodes match.
      </p>
    );
  return (
    <div className="episode-list" ref={scroller} data-testid="episode-list" role="listbox" aria-label="Episodes">
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const e = rows[item.index];
          const style = {
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            height: ROW_HEIGHT,
            transform: `translateY(${item.start}px)`,
          } as const;
          if (!e) return <div key={item.key} className="episode-row placeholder" style={style} />;
          const selected = e.id === episodeId;
          return (
            <div
              key={e.id}
              role="option"
              aria-selected={selected}
              className={`episode-row${selected ? ' selected' : ''}`}
              data-testid="episode-row"
              data-episode-id={e.id}
              style={style}
              // Opens on the press, a release earlier; a click without one (the keyboard) opens too.
              onPointerDown={(ev) =>
                ev.button === 0 && !ev.shiftKey && !ev.ctrlKey && !ev.metaKey && void openEpisode(e.id)
              }
              onClick={() => e.id !== useApp.getState().episodeId && void openEpisode(e.id)}
            >
              <div className="row-top">
                <MyMark mark={progress?.[e.id]} />
                <span className="ext-id" title={e.externalId}>
                  {readableName(e) ?? e.externalId}
                  {readableName(e) && <span className="ext-sub">{e.externalId}</span>}
                </span>
                <StudyMark mark={progress?.[e.id]} />
                <span className={`outcome outcome-${(e.outcome ?? 'none').toLowerCase()}`}>{e.outcome ?? '–'}</span>
              </div>
              <div className="row-bottom">
                <span className="system" title={e.system}>
                  {e.system}
                </span>
                <span className="cond">
                  {Object.entries(e.condition)
                    .filter(([k]) => k !== 'benchmark')
                    .map(([, v]) => v)
                    .join(' · ')}
                </span>
                <span className="judge-label" title="judge label">
                  {e.judgeLabel ?? ''}
                </span>
                <span className="num reward">{formatScore(e.reward)}</span>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

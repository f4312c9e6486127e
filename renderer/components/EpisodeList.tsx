/** The episode list: virtualized so a study of 100,000 calls scrolls as smoothly as one of ten. */
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useApp } from '../store';
import { formatScore } from '../format';

const ROW_HEIGHT = 52;

/** Lists the open study's episodes; click to open one. */
export function EpisodeList() {
  const episodes = useApp((s) => s.episodes);
  const episodeId = useApp((s) => s.episodeId);
  const openEpisode = useApp((s) => s.openEpisode);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: episodes.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  return (
    <div className="episode-list" ref={scroller} data-testid="episode-list" role="listbox" aria-label="Episodes">
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => {
          const e = episodes[item.index];
          const selected = e.id === episodeId;
          return (
            <div
              key={e.id}
              role="option"
              aria-selected={selected}
              className={`episode-row${selected ? ' selected' : ''}`}
              data-testid="episode-row"
              data-episode-id={e.id}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              onClick={() => void openEpisode(e.id)}
            >
              <div className="row-top">
                <span className="ext-id" title={e.externalId}>{e.externalId}</span>
                <span className={`outcome outcome-${(e.outcome ?? 'none').toLowerCase()}`}>{e.outcome ?? '–'}</span>
              </div>
              <div className="row-bottom">
                <span className="system" title={e.system}>{e.system}</span>
                <span className="cond">{Object.entries(e.condition).filter(([k]) => k !== 'benchmark').map(([, v]) => v).join(' · ')}</span>
                <span className="judge-label" title="judge label">{e.judgeLabel ?? ''}</span>
                <span className="num reward">{formatScore(e.reward)}</span>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

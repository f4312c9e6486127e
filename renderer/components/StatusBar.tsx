/** The bottom bar: playhead time (written straight to the DOM, not through React), speed, door, shortcuts hint. */
import { useEffect, useRef } from 'react';
import { useApp } from '../store';
import { onTime } from '../player/player';
import { formatMs } from '../format';
import { countNoun } from '../../shared/count-noun';

/** Shows playback time and speed, and how many episodes are listed. */
export function StatusBar({ onHelp }: { onHelp: () => void }) {
  const time = useRef<HTMLSpanElement>(null);
  const rate = useApp((s) => s.rate);
  const playing = useApp((s) => s.playing);
  const duration = useApp((s) => s.peaks?.durationMs ?? null);
  const count = useApp((s) => s.total);
  const notice = useApp((s) => s.progressNotice);

  useEffect(
    () =>
      onTime((ms) => {
        if (!time.current) return;
        time.current.textContent = formatMs(ms);
        time.current.dataset.ms = String(Math.round(ms));
      }),
    [],
  );

  return (
    <footer className="status-bar">
      <span>{countNoun(count, 'episode')}</span>
      <span className="num" data-testid="playback-state">{playing ? '▶' : '❚❚'}</span>
      <span className="num"><span ref={time} data-testid="playback-time">{formatMs(0)}</span> / {formatMs(duration)}</span>
      <span className="num" data-testid="playback-rate">{rate}×</span>
      {notice && <span className="progress-notice" data-testid="progress-notice" role="status">{notice}</span>}
      <button type="button" className="link" onClick={onHelp}>? shortcuts</button>
    </footer>
  );
}

/** The bottom bar: playhead time (written straight to the DOM, not through React), speed, door, shortcuts hint. */
import { useEffect, useRef } from 'react';
import { useApp } from '../store';
import { onTime, togglePlay } from '../player/player';
import { formatMs } from '../format';
import { countNoun } from '../../shared/count-noun';

/** Shows playback time and speed (with a play / pause button), and how many episodes are listed. */
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
      {/* The action a click takes, like the player's button: ▶ while paused, ❚❚ while playing. */}
      <button
        type="button"
        className="play-state num"
        data-testid="playback-state"
        data-playing={playing ? 'true' : 'false'}
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
        disabled={duration === null}
        onClick={togglePlay}
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <span className="num"><span ref={time} data-testid="playback-time">{formatMs(0)}</span> / {formatMs(duration)}</span>
      <span className="num" data-testid="playback-rate">{rate}×</span>
      {notice && <span className="progress-notice" data-testid="progress-notice" role="status">{notice}</span>}
      <button type="button" className="link" data-testid="open-shortcuts" onClick={onHelp}>? shortcuts</button>
    </footer>
  );
}

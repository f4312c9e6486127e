/** Controls above the transcript: play, speed, zoom, spectrogram — each also on the keyboard. */
import { useApp } from '../store';
import { SPEEDS } from '../store/playback-slice';
import { setPlaybackRate, togglePlay, zoomBy } from '../player/player';

/** The replay toolbar. */
export function PlayerBar() {
  const playing = useApp((s) => s.playing);
  const rate = useApp((s) => s.rate);
  const setRate = useApp((s) => s.setRate);
  const spectrogram = useApp((s) => s.showSpectrogram);
  const toggleSpectrogram = useApp((s) => s.toggleSpectrogram);
  return (
    <div className="player-bar" role="toolbar" aria-label="Playback">
      <button type="button" data-testid="play" onClick={togglePlay} title="Play / pause (Space)">{playing ? '❚❚ Pause' : '▶ Play'}</button>
      <label className="speed">
        <span>speed</span>
        <select
          data-testid="speed"
          value={rate}
          onChange={(e) => {
            const r = Number(e.target.value);
            setRate(r);
            setPlaybackRate(r);
          }}
          title="Slower / faster ([ / ])"
        >
          {SPEEDS.map((s) => <option key={s} value={s}>{s}×</option>)}
        </select>
      </label>
      <span className="zoom">
        <button type="button" data-testid="zoom-out" onClick={() => zoomBy(0.5)} title="Zoom out (−)">−</button>
        <span>zoom</span>
        <button type="button" data-testid="zoom-in" onClick={() => zoomBy(2)} title="Zoom in (+)">+</button>
      </span>
      <button type="button" data-testid="toggle-spectrogram" aria-pressed={spectrogram} onClick={toggleSpectrogram} title="Spectrogram (S)">spectrogram</button>
    </div>
  );
}

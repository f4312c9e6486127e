/**
 * Plays the open call from a moment once its audio can seek there: the waveform loads its media after the call opens,
 * so the seek is retried every 100 ms (up to 10 s) until the player stands at the moment, then playback starts.
 */
import { currentMs, seekMs, togglePlay } from '../../player/player';
import { useApp } from '../../store';

let pending: ReturnType<typeof setTimeout> | null = null;

/** Seeks the open call to `ms` and plays from there (`play` false: only seeks). */
export function playFrom(ms: number, play = true): void {
  if (pending) clearTimeout(pending);
  const deadline = Date.now() + 10_000;
  const attempt = () => {
    pending = null;
    seekMs(ms);
    if (Math.abs(currentMs() - ms) < 50) {
      if (play && !useApp.getState().playing) togglePlay();
      return;
    }
    if (Date.now() < deadline) pending = setTimeout(attempt, 100);
  };
  attempt();
}

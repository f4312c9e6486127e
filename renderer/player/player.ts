/** The one audio player: owns the wavesurfer instance; time flows to subscribers, not through React state. */
import type WaveSurfer from 'wavesurfer.js';

type TimeListener = (ms: number) => void;

let surfer: WaveSurfer | null = null;
const timeListeners = new Set<TimeListener>();

/** Makes `ws` the current player (or clears it with null). */
export function attachPlayer(ws: WaveSurfer | null): void {
  surfer = ws;
}

/** Tells every subscriber the playback time in ms. */
export function publishTime(ms: number): void {
  for (const l of timeListeners) l(ms);
}

/** Subscribes to playback time (called up to 60 times a second); returns the unsubscribe function. */
export function onTime(listener: TimeListener): () => void {
  timeListeners.add(listener);
  return () => void timeListeners.delete(listener);
}

/** Seeks to `ms` (clamped to the audio). */
export function seekMs(ms: number): void {
  if (!surfer) return;
  const duration = surfer.getDuration();
  surfer.setTime(Math.max(0, Math.min(duration, ms / 1000)));
}

/** Current time in ms, 0 with no audio. */
export function currentMs(): number {
  return surfer ? surfer.getCurrentTime() * 1000 : 0;
}

/** Plays or pauses. */
export function togglePlay(): void {
  void surfer?.playPause();
}

/** Sets the playback rate with pitch preserved. */
export function setPlaybackRate(rate: number): void {
  surfer?.setPlaybackRate(rate, true);
}

/** Zooms to `pxPerSec` pixels per second (0 fits the whole call). */
export function zoomTo(pxPerSec: number): void {
  surfer?.zoom(pxPerSec);
}

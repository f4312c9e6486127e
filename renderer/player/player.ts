/** The one audio player: owns the wavesurfer instance; time and view flow to subscribers, not through React state. */
import type WaveSurfer from 'wavesurfer.js';

type TimeListener = (ms: number) => void;
/** The visible window of the call, in ms. */
export interface View {
  startMs: number;
  endMs: number;
}
type ViewListener = (view: View) => void;

let surfer: WaveSurfer | null = null;
const timeListeners = new Set<TimeListener>();
const viewListeners = new Set<ViewListener>();
let lastView: View | null = null;

/** Makes `ws` the current player (or clears it with null). */
export function attachPlayer(ws: WaveSurfer | null): void {
  surfer = ws;
  lastView = null;
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

/** Tells every subscriber which window of the call is visible. */
export function publishView(view: View): void {
  lastView = view;
  for (const l of viewListeners) l(view);
}

/** Subscribes to the visible window (after scroll and zoom); called at once with the current one if known. */
export function onView(listener: ViewListener): () => void {
  viewListeners.add(listener);
  if (lastView) listener(lastView);
  return () => void viewListeners.delete(listener);
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

/** Most pixels per second of audio the waveform zooms to. */
export const MAX_PX_PER_SEC = 2000;

/** Multiplies the zoom by `factor`, between fitting the whole call and MAX_PX_PER_SEC. */
export function zoomBy(factor: number): void {
  if (!surfer) return;
  const duration = surfer.getDuration() || 1;
  const fit = surfer.getWrapper().parentElement!.clientWidth / duration;
  const current = Math.max(fit, surfer.options.minPxPerSec || fit);
  const next = Math.max(fit, Math.min(MAX_PX_PER_SEC, current * factor));
  surfer.zoom(next <= fit * 1.001 ? 0 : next);
}

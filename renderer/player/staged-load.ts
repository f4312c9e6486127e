/**
 * How the waveform opens a long call quickly: it first draws an overview of the peaks, takes every stored bucket only
 * when zoom needs them, and adds its extras (timeline, minimap, wheel zoom) once the page is idle after the lanes are
 * drawn and the audio can play, so they never hold up the media element's own start-up.
 */
import type WaveSurfer from 'wavesurfer.js';
import type { AudioPeaks } from '../../shared/domain';
import { decodePeaks, OVERVIEW_BUCKETS } from '../../shared/peaks-codec';
import { whenIdle } from './idle';

/** HTMLMediaElement.HAVE_FUTURE_DATA: the media can start playing. */
const HAVE_FUTURE_DATA = 3;

/** The channels a waveform starts with: the overview when the call has more buckets than that. */
export function initialPeaks(peaks: AudioPeaks): Float32Array[] {
  return decodePeaks(peaks, OVERVIEW_BUCKETS);
}

/**
 * Redraws with every stored bucket the first time zoom or a wider window draws more pixels than the overview has:
 * those of `peaks` when it carries them, else those `full()` answers (peaks cut to exactly OVERVIEW_BUCKETS may be an
 * overview); returns the unsubscribe.
 */
export function sharpenWhenZoomed(ws: WaveSurfer, peaks: AudioPeaks, full: () => Promise<AudioPeaks>): () => void {
  let detailed = peaks.buckets < OVERVIEW_BUCKETS;
  let stopped = false;
  const draw = (all: AudioPeaks) => {
    if (stopped || all.buckets <= OVERVIEW_BUCKETS) return;
    ws.setOptions({ peaks: decodePeaks(all), duration: all.durationMs / 1000 });
    void ws.getRenderer().render(ws.getDecodedData()!);
  };
  const sharpen = () => {
    if (detailed || ws.getWrapper().scrollWidth * devicePixelRatio <= OVERVIEW_BUCKETS) return;
    detailed = true;
    if (peaks.buckets > OVERVIEW_BUCKETS) draw(peaks);
    else full().then(draw, () => (detailed = false));
  };
  const subscriptions = [ws.on('zoom', sharpen), ws.on('resize', sharpen)];
  return () => {
    stopped = true;
    subscriptions.forEach((unsubscribe) => unsubscribe());
  };
}

/** What afterDrawnAndPlayable returns: tell it the lanes are drawn, or cancel it. */
export interface Staging {
  drawn(): void;
  cancel(): void;
}

/** Runs `extras` when the page is next idle after both the lanes are drawn (`drawn()`) and `media` can play or has failed. */
export function afterDrawnAndPlayable(media: HTMLMediaElement, extras: () => void): Staging {
  let drawn = false;
  let settled = false;
  let cancelIdle: (() => void) | null = null;
  const next = () => {
    if (drawn && settled && !cancelIdle) cancelIdle = whenIdle(extras, 500);
  };
  const settle = () => {
    settled = true;
    next();
  };
  if (media.readyState >= HAVE_FUTURE_DATA) settled = true;
  else {
    media.addEventListener('canplay', settle, { once: true });
    media.addEventListener('error', settle, { once: true });
  }
  return {
    drawn() {
      drawn = true;
      next();
    },
    cancel() {
      cancelIdle?.();
      cancelIdle = () => {};
      media.removeEventListener('canplay', settle);
      media.removeEventListener('error', settle);
    },
  };
}

/** Media elements started as soon as an episode opens, so Chromium's media pipeline warms up while the peaks load. */
import { bridge } from '../api/client';
import { silentWav } from './silent-wav';
import { whenIdle } from './idle';
import { markOpen } from './open-marks';

let prepared: { assetId: number; element: HTMLAudioElement } | null = null;
/** The last prepared asset and the moment its element could first play (or failed to load). */
let lastLoading: { assetId: number; playable: Promise<void> } | null = null;

/** Creates (or returns) the audio element for `assetId`, already loading its metadata. */
export function prepareMedia(assetId: number): HTMLAudioElement {
  if (prepared?.assetId === assetId) return prepared.element;
  const element = new Audio();
  element.preload = 'auto';
  element.preservesPitch = true;
  element.src = bridge.mediaUrl(assetId);
  markOpen('media');
  const playable = new Promise<void>((resolve) => {
    element.addEventListener('canplay', () => (markOpen('media-canplay'), resolve()), { once: true });
    element.addEventListener('error', () => resolve(), { once: true });
  });
  prepared = { assetId, element };
  lastLoading = { assetId, playable };
  return element;
}

/**
 * Resolves once the last prepared element of `assetId` can play or has failed, or after `capMs`; at once for any other
 * asset. Work that can wait waits for it, so the media pipeline's events are not queued behind a render.
 */
export function mediaPlayable(assetId: number | undefined, capMs: number): Promise<void> {
  if (assetId === undefined || lastLoading?.assetId !== assetId) return Promise.resolve();
  const cap = new Promise<void>((resolve) => setTimeout(resolve, capMs));
  return Promise.race([lastLoading.playable, cap]);
}

/** Hands the prepared element over to its player; a later prepare for the same asset makes a new one. */
export function takeMedia(assetId: number): HTMLAudioElement {
  const element = prepareMedia(assetId);
  prepared = null;
  return element;
}

/**
 * Opens the audio output once, when the studio is idle after starting, by loading a moment of silence (never played):
 * the browser starts its audio service on the first media element that can play, which takes 0.2–0.5 s, and the first
 * episode opened would otherwise wait for it.
 */
export function warmAudioOutput(): void {
  const run = () => {
    const url = URL.createObjectURL(new Blob([silentWav(400).buffer as ArrayBuffer], { type: 'audio/wav' }));
    const element = new Audio();
    const release = () => {
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
    };
    element.addEventListener('canplay', release, { once: true });
    element.addEventListener('error', release, { once: true });
    element.preload = 'auto';
    element.src = url;
  };
  whenIdle(run, 2000);
}

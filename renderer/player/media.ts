/** Media elements started as soon as an episode opens, so Chromium's media pipeline warms up while the peaks load. */
import { bridge } from '../api/client';

let prepared: { assetId: number; element: HTMLAudioElement } | null = null;

/** Creates (or returns) the audio element for `assetId`, already loading its metadata. */
export function prepareMedia(assetId: number): HTMLAudioElement {
  if (prepared?.assetId === assetId) return prepared.element;
  const element = new Audio();
  element.preload = 'auto';
  element.preservesPitch = true;
  element.src = bridge.mediaUrl(assetId);
  prepared = { assetId, element };
  return element;
}

/** Hands the prepared element over to its player; a later prepare for the same asset makes a new one. */
export function takeMedia(assetId: number): HTMLAudioElement {
  const element = prepareMedia(assetId);
  prepared = null;
  return element;
}

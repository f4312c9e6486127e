/** Decoding of the peaks the main side sends (base64 bytes, channel-major) into one Float32Array per channel. */
import type { AudioPeaks } from './domain';

/** One array of amplitudes in [0, 1] per channel. */
export function decodePeaks(peaks: AudioPeaks): Float32Array[] {
  const binary = atob(peaks.data);
  const out: Float32Array[] = [];
  for (let c = 0; c < peaks.channels; c++) {
    const lane = new Float32Array(peaks.buckets);
    const base = c * peaks.buckets;
    for (let i = 0; i < peaks.buckets; i++) lane[i] = binary.charCodeAt(base + i) / 255;
    out.push(lane);
  }
  return out;
}

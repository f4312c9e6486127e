/** Decoding of the peaks the main side sends (base64 bytes, channel-major) into one Float32Array per channel. */
import type { AudioPeaks } from './domain';

/**
 * Buckets per channel a waveform can start with: four times the widest screen's pixels, so a whole call looks as it
 * does with every stored bucket (the loudest bucket of each pixel survives; a silence's edge may move by one pixel).
 */
export const OVERVIEW_BUCKETS = 32768;

const fromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;

/** The stored peak bytes (0–255), channel after channel. */
export function peakBytes(peaks: AudioPeaks): Uint8Array {
  if (fromBase64) return fromBase64(peaks.data);
  const binary = atob(peaks.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * One array of amplitudes in [0, 1] per channel: every stored bucket, or, when there are more than `maxBuckets`, that
 * many, each the loudest of the consecutive stored buckets it covers.
 */
export function decodePeaks(peaks: AudioPeaks, maxBuckets = Infinity): Float32Array[] {
  const bytes = peakBytes(peaks);
  const n = peaks.buckets;
  const m = Math.min(n, Math.max(1, Math.floor(maxBuckets)));
  const out: Float32Array[] = [];
  for (let c = 0; c < peaks.channels; c++) {
    const lane = new Float32Array(m);
    const base = c * n;
    if (m === n) {
      for (let i = 0; i < n; i++) lane[i] = bytes[base + i] / 255;
    } else {
      for (let j = 0, i = 0; j < m; j++) {
        const end = Math.floor(((j + 1) * n) / m);
        let max = 0;
        for (; i < end; i++) if (bytes[base + i] > max) max = bytes[base + i];
        lane[j] = max / 255;
      }
    }
    out.push(lane);
  }
  return out;
}

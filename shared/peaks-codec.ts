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
 * Channel-major peak bytes of `channels` lanes of `buckets` each, cut to at most `maxBuckets` per lane: each kept
 * bucket is the loudest of the consecutive stored buckets it covers. Returns the input when it is short enough.
 */
export function overviewBytes(bytes: Uint8Array, channels: number, buckets: number, maxBuckets: number): Uint8Array {
  const m = Math.min(buckets, Math.max(1, Math.floor(maxBuckets)));
  if (m === buckets) return bytes;
  const out = new Uint8Array(m * channels);
  for (let c = 0; c < channels; c++) {
    const base = c * buckets;
    for (let j = 0, i = 0; j < m; j++) {
      const end = Math.floor(((j + 1) * buckets) / m);
      let max = 0;
      for (; i < end; i++) max = Math.max(max, bytes[base + i]);
      out[c * m + j] = max;
    }
  }
  return out;
}

/**
 * One array of amplitudes in [0, 1] per channel: every stored bucket, or, when there are more than `maxBuckets`, that
 * many, each the loudest of the consecutive stored buckets it covers.
 */
export function decodePeaks(peaks: AudioPeaks, maxBuckets = Infinity): Float32Array[] {
  const m = Math.min(peaks.buckets, Math.max(1, Math.floor(maxBuckets)));
  const bytes = overviewBytes(peakBytes(peaks), peaks.channels, peaks.buckets, m);
  const out: Float32Array[] = [];
  for (let c = 0; c < peaks.channels; c++) {
    const lane = new Float32Array(m);
    for (let i = 0, base = c * m; i < m; i++) lane[i] = bytes[base + i] / 255;
    out.push(lane);
  }
  return out;
}

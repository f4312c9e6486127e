/** Computes waveform peaks of a WAV by streaming its samples once, never holding the whole file. */
import { createReadStream } from 'node:fs';
import { readWavHeader, type WavInfo } from '../main/audio/wav-header';
import { sampleReader } from '../main/audio/sample-decoders';

/** Peaks per channel: the maximum absolute amplitude of each bucket, quantized to 0–255. */
export interface Peaks {
  info: WavInfo;
  peaksPerSecond: number;
  /** Channel-major: channel c's buckets are `data[c * buckets, (c + 1) * buckets)`. */
  data: Uint8Array;
  buckets: number;
}

/** Most buckets kept per channel, so a long call still loads in one small message. */
export const MAX_BUCKETS = 200_000;
/** Buckets per second for calls short enough to keep full detail. */
export const DEFAULT_PEAKS_PER_SECOND = 100;

/** The bucket rate used for audio of the given duration. */
export function peaksRateFor(durationSeconds: number): number {
  if (durationSeconds <= 0) return DEFAULT_PEAKS_PER_SECOND;
  return Math.max(1, Math.min(DEFAULT_PEAKS_PER_SECOND, Math.floor(MAX_BUCKETS / durationSeconds)));
}

/** Streams the WAV at `file` and returns its peaks. */
export async function computePeaks(file: string, chunkBytes = 1 << 20): Promise<Peaks> {
  const info = readWavHeader(file);
  const rate = peaksRateFor(info.frames / info.sampleRate);
  const framesPerBucket = info.sampleRate / rate;
  const buckets = Math.max(1, Math.ceil(info.frames / framesPerBucket));
  const max = new Float32Array(info.channels * buckets);
  const { channels, blockAlign, bytesPerSample } = info;
  const read = sampleReader(info.encoding, info.bitsPerSample);
  const fast16 = info.encoding === 'pcm' && info.bitsPerSample === 16;

  let frame = 0;
  let carry: Buffer | null = null;
  if (info.dataBytes > 0) {
    const stream = createReadStream(file, {
      start: info.dataOffset,
      end: info.dataOffset + info.dataBytes - 1,
      highWaterMark: chunkBytes,
    });
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const buf: Buffer = carry ? Buffer.concat([carry, piece]) : piece;
      const whole = buf.length - (buf.length % blockAlign);
      const n = whole / blockAlign;
      if (fast16 && buf.byteOffset % 2 === 0) {
        const samples = new Int16Array(buf.buffer, buf.byteOffset, whole / 2);
        frame = scan16(samples, n, channels, frame, framesPerBucket, buckets, max);
      } else {
        for (let i = 0; i < n; i++, frame++) {
          const bucket = Math.min(buckets - 1, Math.floor(frame / framesPerBucket));
          const base = i * blockAlign;
          for (let c = 0; c < channels; c++) {
            const v = Math.abs(read(buf, base + c * bytesPerSample));
            const k = c * buckets + bucket;
            if (v > max[k]) max[k] = v;
          }
        }
      }
      carry = whole < buf.length ? Buffer.from(buf.subarray(whole)) : null;
    }
  }
  const data = new Uint8Array(max.length);
  for (let i = 0; i < max.length; i++) data[i] = Math.min(255, Math.round(Math.min(1, max[i]) * 255));
  return { info, peaksPerSecond: rate, data, buckets };
}

function scan16(
  samples: Int16Array,
  n: number,
  channels: number,
  startFrame: number,
  framesPerBucket: number,
  buckets: number,
  max: Float32Array,
): number {
  let frame = startFrame;
  let i = 0;
  while (i < n) {
    const bucket = Math.min(buckets - 1, Math.floor(frame / framesPerBucket));
    const bucketEnd = bucket === buckets - 1 ? Infinity : Math.ceil((bucket + 1) * framesPerBucket);
    const stop = Math.min(n, i + (bucketEnd - frame));
    for (let c = 0; c < channels; c++) {
      let m = 0;
      for (let j = i * channels + c, end = stop * channels; j < end; j += channels) {
        const s = samples[j];
        const a = s < 0 ? -s : s;
        if (a > m) m = a;
      }
      const k = c * buckets + bucket;
      const v = m / 32768;
      if (v > max[k]) max[k] = v;
    }
    frame += stop - i;
    i = stop;
  }
  return frame;
}

/** Splits stored peaks into one array of amplitudes in [0, 1] per channel. */
export function peaksToChannels(data: Uint8Array, channels: number): number[][] {
  const buckets = data.length / channels;
  const out: number[][] = [];
  for (let c = 0; c < channels; c++) {
    const lane = new Array<number>(buckets);
    for (let i = 0; i < buckets; i++) lane[i] = Math.round((data[c * buckets + i] / 255) * 1000) / 1000;
    out.push(lane);
  }
  return out;
}

/** Computes waveform peaks of a WAV by streaming its samples once, never holding the whole file. */
import { createHash } from 'node:crypto';
import { readChunks, readChunksSync } from './read-chunks';
import { readWavHeader, type WavInfo } from './wav-header';
import { sampleReader } from './sample-decoders';
import { KERNEL_MIN_SAMPLES, peakKernel, type PeakKernel } from './peak-kernel';

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
  const scanner = new PeakScanner(info);
  await readChunks(file, info.dataOffset, info.dataOffset + info.dataBytes, chunkBytes, (piece) => scanner.push(piece));
  return scanner.finish();
}

/**
 * Peaks and the SHA-256 of the whole file (header and every chunk included, as `hashFile` computes it) from one
 * streamed read, so an import reads each WAV once instead of twice.
 */
export async function computePeaksAndHash(file: string, chunkBytes = 1 << 20): Promise<PeaksAndHash> {
  const reader = peaksAndHashReader(readWavHeader(file));
  await readChunks(file, 0, Infinity, chunkBytes, reader.consume);
  return reader.finish();
}

/** What computePeaksAndHash gives, read synchronously (for reading inside a transaction, or on a worker thread). */
export function computePeaksAndHashSync(file: string, chunkBytes = 1 << 20): PeaksAndHash {
  const reader = peaksAndHashReader(readWavHeader(file));
  readChunksSync(file, 0, Infinity, chunkBytes, reader.consume);
  return reader.finish();
}

/** A WAV file's peaks and the SHA-256 of its bytes. */
export interface PeaksAndHash {
  peaks: Peaks;
  sha256: string;
}

/** Hashes every byte pushed to `consume` and scans those of the data chunk. */
function peaksAndHashReader(info: WavInfo): { consume: (piece: Buffer) => void; finish: () => PeaksAndHash } {
  const scanner = new PeakScanner(info);
  const hash = createHash('sha256');
  const dataStart = info.dataOffset;
  const dataEnd = info.dataOffset + info.dataBytes;
  let pos = 0;
  return {
    consume: (piece) => {
      hash.update(piece);
      const from = Math.max(dataStart, pos);
      const to = Math.min(dataEnd, pos + piece.length);
      if (to > from) scanner.push(from === pos && to === pos + piece.length ? piece : piece.subarray(from - pos, to - pos));
      pos += piece.length;
    },
    finish: () => ({ peaks: scanner.finish(), sha256: hash.digest('hex') }),
  };
}

/**
 * Accumulates peaks from the data chunk's bytes, pushed in order in pieces of any size. Frame f falls in bucket
 * floor(f · rate / sampleRate), computed in exact integer arithmetic (a floating frames-per-bucket such as 8000/55 can
 * put a bucket's end on its own start and never advance).
 */
class PeakScanner {
  private readonly rate: number;
  private readonly buckets: number;
  private readonly max: Float32Array;
  private readonly read: ReturnType<typeof sampleReader>;
  private readonly fast16: boolean;
  private frame = 0;
  private carry: Buffer | null = null;

  constructor(private readonly info: WavInfo) {
    this.rate = peaksRateFor(info.frames / info.sampleRate);
    this.buckets = Math.max(1, Math.ceil((info.frames * this.rate) / info.sampleRate));
    this.max = new Float32Array(info.channels * this.buckets);
    this.read = sampleReader(info.encoding, info.bitsPerSample);
    this.fast16 = info.encoding === 'pcm' && info.bitsPerSample === 16;
  }

  /** Scans the next piece of sample bytes; a partial frame at its end waits for the next piece. */
  push(piece: Buffer): void {
    const { blockAlign } = this.info;
    let buf: Buffer = this.carry ? Buffer.concat([this.carry, piece]) : piece;
    const whole = buf.length - (buf.length % blockAlign);
    this.carry = whole < buf.length ? Buffer.from(buf.subarray(whole)) : null;
    if (whole === 0) return;
    const n = whole / blockAlign;
    if (this.fast16 && this.info.channels <= 2) {
      const kernel = peakKernel();
      this.scanInKernel(kernel, kernel.load(buf.subarray(0, whole)), n);
    } else if (this.fast16) {
      if (buf.byteOffset % 2 !== 0) buf = Buffer.from(buf.subarray(0, whole)); // a copy is aligned; an Int16Array view needs that
      this.scan16(new Int16Array(buf.buffer, buf.byteOffset, whole / 2), n);
    } else {
      this.scanAny(buf, n);
    }
  }

  /** The peaks, quantized to 0–255. */
  finish(): Peaks {
    const { max } = this;
    const data = new Uint8Array(max.length);
    for (let i = 0; i < max.length; i++) data[i] = Math.min(255, Math.round(Math.min(1, max[i]) * 255));
    return { info: this.info, peaksPerSecond: this.rate, data, buckets: this.buckets };
  }

  /** First frame of the bucket after `bucket`; Infinity for the last bucket, which takes every remaining frame. */
  private bucketEnd(bucket: number): number {
    return bucket >= this.buckets - 1 ? Infinity : Math.ceil(((bucket + 1) * this.info.sampleRate) / this.rate);
  }

  private bucketOf(frame: number): number {
    return Math.min(this.buckets - 1, Math.floor((frame * this.rate) / this.info.sampleRate));
  }

  /** Calls `visit` for each run of the piece's `n` frames that falls in one bucket, in order, and counts them read. */
  private eachBucketRun(n: number, visit: (bucket: number, from: number, to: number) => void): void {
    for (let i = 0; i < n; ) {
      const bucket = this.bucketOf(this.frame);
      const stop = Math.min(n, i + (this.bucketEnd(bucket) - this.frame));
      visit(bucket, i, stop);
      this.frame += stop - i;
      i = stop;
    }
  }

  /** Raises the peak at `k` to the 16-bit amplitude `m` if that is higher. */
  private raise(k: number, m: number): void {
    if (m / 32768 > this.max[k]) this.max[k] = m / 32768;
  }

  /** Mono or stereo 16-bit samples loaded into the kernel: each bucket's run in it, a run too short for it here. */
  private scanInKernel(kernel: PeakKernel, samples: Int16Array, n: number): void {
    const { channels } = this.info;
    this.eachBucketRun(n, (bucket, from, to) => {
      const count = (to - from) * channels;
      let even = 0;
      let odd = 0;
      if (count >= KERNEL_MIN_SAMPLES) {
        const both = kernel.maxAbs(from * channels, count);
        even = both & 0xffff;
        odd = both >>> 16;
      } else {
        for (let j = from * channels; j < to * channels; j += 2) {
          even = Math.max(even, Math.abs(samples[j]));
          if (j + 1 < to * channels) odd = Math.max(odd, Math.abs(samples[j + 1]));
        }
      }
      if (channels === 1) {
        this.raise(bucket, Math.max(even, odd));
      } else {
        this.raise(bucket, even);
        this.raise(this.buckets + bucket, odd);
      }
    });
  }

  /** 16-bit samples of more than two channels. */
  private scan16(samples: Int16Array, n: number): void {
    const { channels } = this.info;
    this.eachBucketRun(n, (bucket, from, to) => {
      const end = to * channels;
      for (let c = 0; c < channels; c++) {
        let m = 0;
        // Math.abs/Math.max compile to branch-free code; `a < 0 ? -a : a` mispredicts on audio and runs ~3× slower
        for (let j = from * channels + c; j < end; j += channels) m = Math.max(m, Math.abs(samples[j]));
        this.raise(c * this.buckets + bucket, m);
      }
    });
  }

  private scanAny(buf: Buffer, n: number): void {
    const { channels, blockAlign, bytesPerSample } = this.info;
    const { max, buckets, read } = this;
    for (let i = 0; i < n; i++, this.frame++) {
      const bucket = this.bucketOf(this.frame);
      const base = i * blockAlign;
      for (let c = 0; c < channels; c++) {
        const v = Math.abs(read(buf, base + c * bytesPerSample));
        const k = c * buckets + bucket;
        if (v > max[k]) max[k] = v;
      }
    }
  }
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

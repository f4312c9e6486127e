/** The channels of a WAV as separate lanes of 16-bit samples at one low rate (for voice activity), read in chunks. */
import { readChunks } from './read-chunks';
import { readWavHeader } from './wav-header';
import { sampleReader } from './sample-decoders';

/** Each channel's samples at `sampleRate`, and the file's own duration. */
export interface LaneSamples {
  sampleRate: number;
  durationMs: number;
  lanes: Int16Array[];
}

/** Frames read per chunk. */
const CHUNK_FRAMES = 1 << 16;

/**
 * Reads every channel of the WAV at `file` and brings it to `rate` Hz: each output sample is the mean of the input
 * samples falling in its period (a box filter, enough against aliasing for voice activity; the file's rate may be
 * any, including the rate itself).
 */
export async function readLaneSamples(file: string, rate: number): Promise<LaneSamples> {
  const info = readWavHeader(file);
  const { channels, blockAlign, bytesPerSample } = info;
  const outLength = Math.ceil((info.frames * rate) / info.sampleRate);
  const lanes = Array.from({ length: channels }, () => new Int16Array(outLength));
  const sums = new Float64Array(channels);
  const read = sampleReader(info.encoding, info.bitsPerSample);
  const pcm16 = info.encoding === 'pcm' && info.bitsPerSample === 16;
  const step = rate / info.sampleRate;
  let frame = 0;
  let out = 0;
  let count = 0;
  let carry = Buffer.alloc(0);
  const emit = () => {
    if (count > 0 && out < outLength) {
      for (let c = 0; c < channels; c++) lanes[c][out] = Math.max(-32768, Math.min(32767, Math.round(sums[c] / count)));
    }
    sums.fill(0);
    count = 0;
  };
  const factor = info.sampleRate / rate;
  if (pcm16 && Number.isInteger(factor)) {
    const chunkBytes = factor * (CHUNK_FRAMES >> 2) * blockAlign; // whole groups of `factor` frames per chunk
    await readChunks(
      file,
      info.dataOffset,
      info.dataOffset + info.frames * blockAlign,
      chunkBytes,
      (raw) => (out = decimatePcm16(raw, channels, factor, lanes, out)),
    );
    return { sampleRate: rate, durationMs: info.durationMs, lanes };
  }
  const consume = (raw: Buffer) => {
    const chunk = carry.length ? Buffer.concat([carry, raw]) : raw;
    const whole = Math.floor(chunk.length / blockAlign);
    carry = Buffer.from(chunk.subarray(whole * blockAlign));
    const view =
      pcm16 && chunk.byteOffset % 2 === 0 ? new Int16Array(chunk.buffer, chunk.byteOffset, whole * channels) : null;
    for (let f = 0; f < whole; f++, frame++) {
      const target = Math.floor(frame * step);
      if (target !== out) {
        emit();
        out = target;
      }
      for (let c = 0; c < channels; c++) {
        sums[c] += view ? view[f * channels + c] : read(chunk, f * blockAlign + c * bytesPerSample) * 32768;
      }
      count++;
    }
  };
  await readChunks(
    file,
    info.dataOffset,
    info.dataOffset + info.frames * blockAlign,
    CHUNK_FRAMES * blockAlign,
    consume,
  );
  emit();
  return { sampleRate: rate, durationMs: info.durationMs, lanes };
}

/**
 * The common case without per-sample calls: 16-bit PCM whose rate is a whole multiple of the target (8, 16, 48 kHz to
 * 8 kHz). Averages each `factor` frames of `raw` (whole frames, and whole groups of `factor` except at the file's
 * end) into `lanes` from output index `out`; returns the next output index.
 */
function decimatePcm16(raw: Buffer, channels: number, factor: number, lanes: Int16Array[], out: number): number {
  const aligned = raw.byteOffset % 2 === 0 ? raw : Buffer.from(raw);
  const view = new Int16Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 2));
  const frames = Math.floor(view.length / channels);
  for (let c = 0; c < channels; c++) {
    const lane = lanes[c];
    let o = out;
    if (factor === 1) {
      const end = Math.min(frames, lane.length - o);
      for (let f = 0; f < end; f++) lane[o + f] = view[f * channels + c];
      continue;
    }
    for (let f = 0; f < frames && o < lane.length; f += factor, o++) {
      let sum = 0;
      const end = Math.min(frames, f + factor);
      for (let g = f; g < end; g++) sum += view[g * channels + c];
      lane[o] = Math.round(sum / (end - f));
    }
  }
  return out + Math.ceil(frames / factor);
}

/**
 * A call WAV's channels at the VAD's rate, handed over chunk by chunk as they are read, so voice activity can run
 * while the rest of the file is still being read: one pass over the file, all channels de-interleaved together.
 */
import { readChunks } from '../audio/read-chunks';
import { readLaneSamples } from '../audio/lane-samples';
import type { WavInfo } from '../audio/wav-header';

/** Output samples per lane and chunk. */
const CHUNK_SAMPLES = 1 << 17;

/** Samples each lane has at `rate` (as readLaneSamples gives them). */
export function laneLength(info: WavInfo, rate: number): number {
  return Math.ceil((info.frames * rate) / info.sampleRate);
}

/**
 * Reads every channel of the WAV described by `info` at `rate` Hz and hands `consume` each chunk's lanes in order
 * (views valid only during the call). The samples equal readLaneSamples': each is the mean of the input samples of
 * its period. 16-bit PCM at a whole multiple of `rate` is decimated as it is read; other files are read whole by
 * readLaneSamples and handed over in one piece.
 */
export async function readLaneChunks(
  file: string,
  info: WavInfo,
  rate: number,
  consume: (lanes: Int16Array[]) => void,
): Promise<void> {
  const factor = info.sampleRate / rate;
  if (info.encoding !== 'pcm' || info.bitsPerSample !== 16 || !Number.isInteger(factor)) {
    consume((await readLaneSamples(file, rate)).lanes);
    return;
  }
  const { channels, blockAlign } = info;
  const total = laneLength(info, rate);
  const scratch = Array.from({ length: channels }, () => new Int16Array(CHUNK_SAMPLES));
  let out = 0;
  const decimate = (raw: Buffer) => {
    const bytes = raw.byteOffset % 2 === 0 ? raw : new Uint8Array(raw);
    const view = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
    const n = decimateInto(view, channels, factor, scratch, total - out);
    out += n;
    consume(scratch.map((s) => s.subarray(0, n)));
  };
  const end = info.dataOffset + info.frames * blockAlign;
  await readChunks(file, info.dataOffset, end, factor * CHUNK_SAMPLES * blockAlign, decimate);
}

/**
 * De-interleaves the whole frames of `view` into `lanes` from index 0, each output sample the rounded mean of
 * `factor` frames (fewer at the file's end), at most `room` per lane; returns how many were written.
 */
function decimateInto(view: Int16Array, channels: number, factor: number, lanes: Int16Array[], room: number): number {
  const frames = Math.floor(view.length / channels);
  const n = Math.min(Math.ceil(frames / factor), room);
  if (factor === 1 && channels === 2) {
    const [a, b] = lanes;
    for (let o = 0; o < n; o++) {
      a[o] = view[2 * o];
      b[o] = view[2 * o + 1];
    }
    return n;
  }
  for (let c = 0; c < channels; c++) {
    const lane = lanes[c];
    for (let o = 0, f = 0; o < n; o++, f += factor) {
      const stop = Math.min(frames, f + factor);
      let sum = 0;
      for (let g = f; g < stop; g++) sum += view[g * channels + c];
      lane[o] = Math.round(sum / (stop - f));
    }
  }
  return n;
}

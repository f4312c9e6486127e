/**
 * The fake server's "speech": text encoded as audio tones (one 10 ms tone per 4-bit nibble of UTF-8) so that its own
 * transcription endpoint can recover the exact words and their timings from PCM it is sent, with no model involved.
 */

/** Sample rate of every tone: the Realtime API's PCM16 rate. */
export const FSK_RATE = 24_000;
/** Samples per nibble (10 ms). */
export const SYMBOL = 240;
const AMPLITUDE = 0.4;
const freq = (k: number) => 1200 + k * 300;

/** Text as tones: two symbols per UTF-8 byte, starting at full amplitude on sample 0. */
export function encodeText(text: string): Float32Array {
  const bytes = Buffer.from(text, 'utf8');
  const out = new Float32Array(bytes.length * 2 * SYMBOL);
  bytes.forEach((b, i) => {
    [b >> 4, b & 15].forEach((nibble, half) => {
      const at = (i * 2 + half) * SYMBOL;
      const w = (2 * Math.PI * freq(nibble)) / FSK_RATE;
      for (let n = 0; n < SYMBOL; n++) out[at + n] = AMPLITUDE * Math.cos(w * n);
    });
  });
  return out;
}

function goertzel(x: Float32Array, from: number, f: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * f) / FSK_RATE);
  let s1 = 0;
  let s2 = 0;
  for (let n = 0; n < SYMBOL; n++) {
    const s = x[from + n] + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

/** A decoded utterance: its text and where it starts, in samples. */
export interface Decoded {
  text: string;
  startSample: number;
}

/** Recovers text encoded by encodeText from the first tone onwards; '' when the audio holds no tones. */
export function decodeText(x: Float32Array): Decoded {
  let start = 0;
  while (start < x.length && Math.abs(x[start]) < 0.05) start++;
  const nibbles: number[] = [];
  for (let at = start; at + SYMBOL <= x.length; at += SYMBOL) {
    let energy = 0;
    for (let n = 0; n < SYMBOL; n++) energy += x[at + n] * x[at + n];
    if (energy / SYMBOL < 0.005) break;
    let best = 0;
    let bestPower = -1;
    for (let k = 0; k < 16; k++) {
      const p = goertzel(x, at, freq(k));
      if (p > bestPower) [best, bestPower] = [k, p];
    }
    nibbles.push(best);
  }
  const bytes = Buffer.alloc(Math.floor(nibbles.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibbles[2 * i] << 4) | nibbles[2 * i + 1];
  return { text: bytes.toString('utf8'), startSample: start };
}

/** Words of a decoded utterance with start and end in seconds, as verbose_json transcriptions give them. */
export function wordTimings(decoded: Decoded): { word: string; start: number; end: number }[] {
  const words: { word: string; start: number; end: number }[] = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(decoded.text))) {
    const before = Buffer.byteLength(decoded.text.slice(0, m.index), 'utf8');
    const len = Buffer.byteLength(m[0], 'utf8');
    const t = (bytes: number) => (decoded.startSample + bytes * 2 * SYMBOL) / FSK_RATE;
    words.push({ word: m[0], start: round3(t(before)), end: round3(t(before + len)) });
  }
  return words;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

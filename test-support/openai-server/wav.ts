/** Minimal 16-bit PCM WAV reading and writing for the fake server (independent of Earshot's own audio code). */

/** Floats to little-endian PCM16. */
export function pcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  return out;
}

/** Little-endian PCM16 to floats. */
export function floats(pcm: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** A mono PCM16 WAV around `pcm`. */
export function wavOf(pcm: Buffer, rate: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

/** The first channel of a 16-bit PCM WAV, or null when the bytes are not one. */
export function readPcm16Wav(buf: Buffer): { samples: Float32Array; sampleRate: number } | null {
  if (buf.length < 44 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let pos = 12;
  let channels = 0;
  let rate = 0;
  let bits = 0;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    if (id === 'fmt ') [channels, rate, bits] = [buf.readUInt16LE(pos + 10), buf.readUInt32LE(pos + 12), buf.readUInt16LE(pos + 22)];
    if (id === 'data') {
      if (bits !== 16 || channels < 1) return null;
      const data = buf.subarray(pos + 8, Math.min(buf.length, pos + 8 + size));
      const all = floats(data);
      const samples = new Float32Array(Math.floor(all.length / channels));
      for (let i = 0; i < samples.length; i++) samples[i] = all[i * channels];
      return { samples, sampleRate: rate };
    }
    pos += 8 + size + (size % 2);
  }
  return null;
}

import { computePeaks as newPeaks, computePeaksAndHash } from '../main/audio/peaks';
import { computePeaks as oldPeaks } from './scratch-peaks-orig';
import { hashFile } from '../main/audio/hash-file';
import { wavBytes } from '../test-support/wav';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { prng } from './lib/measure';
const dir = mkdtempSync(join(tmpdir(), 'verify-'));
const rand = prng(5);
let n = 0;
const cases: [number, number, number, number?][] = [[8000, 2, 16], [8000, 1, 16], [16000, 2, 16], [24000, 1, 16], [44100, 2, 16], [8000, 2, 8], [8000, 3, 24], [22050, 2, 32], [8000, 2, 16, 3], [8000, 6, 16]];
for (const [sr, ch, bits, fmt] of cases) {
  for (const seconds of [0.013, 1, 3.7, 17.3]) {
    const frames = Math.floor(sr * seconds);
    const data = Buffer.alloc(frames * ch * bits / 8);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(rand() * 256);
    const f = join(dir, `c${n++}.wav`);
    writeFileSync(f, Buffer.concat([wavBytes({ sampleRate: sr, channels: ch, bitsPerSample: bits, data, formatTag: fmt === 3 ? 3 : undefined, leadingChunk: rand() < 0.5 }), Buffer.from('LIST\x04\x00\x00\x00abcd')]));
    if (fmt === 3) continue;
    for (const chunk of [1 << 20, 4097, 6, 1001]) {
      const a = await oldPeaks(f, chunk), b = await newPeaks(f, chunk), c = await computePeaksAndHash(f, chunk);
      const same = (x: typeof a, y: typeof a) => x.buckets === y.buckets && x.peaksPerSecond === y.peaksPerSecond && Buffer.compare(Buffer.from(x.data), Buffer.from(y.data)) === 0;
      if (!same(a, b) || !same(a, c.peaks)) throw new Error(`peaks differ: ${sr} ${ch} ${bits} ${seconds} ${chunk}`);
      if (c.sha256 !== (await hashFile(f))) throw new Error('hash differs');
    }
  }
}
console.log('peaks + hash identical on', n, 'files');

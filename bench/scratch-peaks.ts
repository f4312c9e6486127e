import { computePeaks, computePeaksAndHash } from '../main/audio/peaks';
import { hashFile } from '../main/audio/hash-file';
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
const f = '/tmp/earshot-bench/call-1h-stereo-8k.wav';
for (let k = 0; k < 3; k++) {
  let t0 = performance.now();
  let n = 0;
  for await (const c of createReadStream(f, { highWaterMark: 1 << 20 })) n += (c as Buffer).length;
  console.log('read', (performance.now() - t0).toFixed(0));
  t0 = performance.now();
  const p = await computePeaks(f);
  console.log('peaks', (performance.now() - t0).toFixed(0), p.buckets);
  t0 = performance.now();
  await hashFile(f);
  console.log('hash', (performance.now() - t0).toFixed(0));
  t0 = performance.now();
  await computePeaksAndHash(f);
  console.log('peaks+hash', (performance.now() - t0).toFixed(0));
}

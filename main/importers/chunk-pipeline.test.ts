import { describe, expect, it } from 'vitest';
import { ChunkPipeline } from './chunk-pipeline';
import type { TestChunk } from '../../test-support/chunk-test-worker';

const ENTRY = new URL('../../test-support/chunk-test-worker-entry.mjs', import.meta.url);

/** Produces on this thread, taking `ms` per chunk so a started worker gets some of them. */
const slowlyHere = (ms: number) => (index: number): TestChunk => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return { index, by: 'main' };
};

function collect(pipeline: ChunkPipeline<TestChunk, { hangOn: number | null }>): TestChunk[] {
  try {
    return [...pipeline.chunks()];
  } finally {
    pipeline.close();
  }
}

describe('ChunkPipeline', () => {
  it('hands over every chunk in order, some produced by the worker and some here', () => {
    const chunks = collect(new ChunkPipeline({ count: 400, produce: slowlyHere(10), workers: 1, entry: ENTRY, data: { hangOn: null } }));
    expect(chunks.map((c) => c.index)).toEqual([...Array(400).keys()]);
    expect(chunks.some((c) => c.by === 'worker')).toBe(true);
    expect(chunks.some((c) => c.by === 'main')).toBe(true);
  });

  it('produces everything here when no worker starts', () => {
    const missing = new URL('./no-such-worker.mjs', import.meta.url);
    const chunks = collect(new ChunkPipeline({ count: 5, produce: slowlyHere(0), workers: 2, entry: missing, data: { hangOn: null } }));
    expect(chunks).toEqual([0, 1, 2, 3, 4].map((index) => ({ index, by: 'main' })));
  });

  it('produces a chunk here when the worker that claimed it stops answering', () => {
    // here a chunk takes 50 ms, so the worker (started within 2 s) claims chunk 40 and hangs on it
    const chunks = collect(new ChunkPipeline({ count: 60, produce: slowlyHere(50), workers: 1, entry: ENTRY, data: { hangOn: 40 }, stallMs: 300 }));
    expect(chunks.map((c) => c.index)).toEqual([...Array(60).keys()]);
    expect(chunks[39].by).toBe('worker');
    expect(chunks[40].by).toBe('main');
  });
});

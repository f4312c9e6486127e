/** A worker for the ChunkPipeline tests: produces `{ index, by: 'worker' }`, and never finishes chunk `hangOn`. */
import { serveChunks } from '../main/importers/chunk-pipeline';

/** A chunk of the tests. */
export interface TestChunk {
  index: number;
  by: 'main' | 'worker';
}

serveChunks<TestChunk, { hangOn: number | null }>(({ hangOn }) => (index) => {
  if (index === hangOn) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  return { index, by: 'worker' };
});

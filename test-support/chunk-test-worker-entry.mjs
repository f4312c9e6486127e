// Worker-thread entry of the ChunkPipeline tests.
import { runTsWorker } from '../main/util/ts-worker.mjs';

await runTsWorker(new URL('./chunk-test-worker.ts', import.meta.url));

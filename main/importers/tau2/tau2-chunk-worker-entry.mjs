// Worker-thread entry for the τ² import when running from the sources (the desktop build bundles chunk-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../../util/ts-worker.mjs';

await runTsWorker(new URL('./chunk-worker.ts', import.meta.url));

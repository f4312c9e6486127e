// Worker-thread entry for reportsInWorker when running from the sources (the desktop build bundles batch-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./batch-worker.ts', import.meta.url));

// Worker-thread entry for metricsInWorker when running from the sources (the desktop build bundles metrics-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./metrics-worker.ts', import.meta.url));

// Worker-thread entry for importInWorker when running from the sources (the desktop build bundles import-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./import-worker.ts', import.meta.url));

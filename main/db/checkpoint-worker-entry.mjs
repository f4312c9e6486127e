// Worker-thread entry for checkpointInBackground when running from the sources (the desktop build bundles
// checkpoint-worker.ts under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./checkpoint-worker.ts', import.meta.url));

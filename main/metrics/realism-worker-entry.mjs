// Worker-thread entry of the realism helper (realism-in-helper.ts) when running from the sources (the desktop build
// bundles realism-worker.ts under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./realism-worker.ts', import.meta.url));

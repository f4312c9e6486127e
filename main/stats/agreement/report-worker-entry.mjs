// Worker-thread entry for bootstrapInWorker when running from the sources (the desktop build bundles report-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../../util/ts-worker.mjs';

await runTsWorker(new URL('./report-worker.ts', import.meta.url));

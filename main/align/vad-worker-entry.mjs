// Worker-thread entry for wavVoiceActivity when running from the sources (the desktop build bundles vad-worker.ts
// under this same name beside the main bundle).
import { runTsWorker } from '../util/ts-worker.mjs';

await runTsWorker(new URL('./vad-worker.ts', import.meta.url));

// Worker-thread entry for bootstrapInWorker: registers tsx's ESM loader in this thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./report-worker.ts', import.meta.url).href);

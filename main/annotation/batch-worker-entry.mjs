// Worker-thread entry for reportsInWorker: registers tsx's ESM loader in this thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./batch-worker.ts', import.meta.url).href);

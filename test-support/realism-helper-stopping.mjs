// A realism helper (main/metrics/realism-worker.ts) that starts and stops at once without answering: the metrics
// worker must then compute the effects itself.
import { workerData } from 'node:worker_threads';

const signal = new Int32Array(workerData.signal);
Atomics.store(signal, 2, 1);
Atomics.store(signal, 1, 1);
Atomics.notify(signal, 0);

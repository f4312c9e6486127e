// A realism helper (main/metrics/realism-worker.ts) that answers every request with an error: what the metrics
// worker reports is the helper's answer.
import { workerData } from 'node:worker_threads';

const signal = new Int32Array(workerData.signal);
workerData.port.on('message', ({ id }) => {
  workerData.port.postMessage({ id, error: `request ${id} refused by the helper` });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 2, 1);

/**
 * Helper thread of the metrics worker (realism-in-helper.ts): computes the realism effects it is sent on its port and
 * answers each on the same port, then counts the answer in the shared signal so the metrics worker, which waits for
 * it without an event loop turn (it is inside its read transaction), wakes. It reads no database.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { realismEffects } from '../stats/benchmarks/index';
import { forgetClusterDraws, KEPT_BETWEEN_JOBS_BYTES } from '../stats/benchmarks/cluster-draws';
import { ANSWERS, STARTED, STOPPED, type RealismReply, type RealismRequest } from './realism-in-helper';

const { port, signal: shared } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const signal = new Int32Array(shared);

/** Sets one of the signals and wakes the metrics worker if it waits. */
function raise(at: number, value: number): void {
  Atomics.store(signal, at, value);
  Atomics.notify(signal, ANSWERS);
}

// Ending (it failed): a wait for an answer it will not give ends too.
process.on('exit', () => raise(STOPPED, 1));

port.on('message', ({ id, units, specs, options }: RealismRequest) => {
  let reply: RealismReply;
  try {
    reply = { id, rows: realismEffects(units, specs, options) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  } finally {
    forgetClusterDraws(KEPT_BETWEEN_JOBS_BYTES);
  }
  try {
    port.postMessage(reply);
  } catch (err) {
    port.postMessage({ id, error: `the realism rows could not be sent: ${(err as Error).message}` });
  }
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
});
raise(STARTED, 1);

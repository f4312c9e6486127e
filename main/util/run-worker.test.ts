import { describe, expect, it } from 'vitest';
import { runWorker } from './run-worker';

/** A worker thread from its source text (an ES module in a data: URL). */
const workerOf = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

const POST_THEN_LINGER = `
import { parentPort, workerData } from 'node:worker_threads';
for (let i = 0; i < workerData.count; i++) parentPort.postMessage(i);
setTimeout(() => {}, workerData.lingerMs);
`;

describe('runWorker', () => {
  it('hands over every message in order and resolves once the thread has ended, not at its last message', async () => {
    const got: { message: number; at: number }[] = [];
    const started = performance.now();
    await runWorker<number>(workerOf(POST_THEN_LINGER), { count: 3, lingerMs: 300 }, (message) => {
      got.push({ message, at: performance.now() });
    });
    const settled = performance.now();
    expect(got.map((g) => g.message)).toEqual([0, 1, 2]);
    // the thread keeps running 300 ms after its last message; settling earlier would leave it alive
    expect(settled - got[2].at).toBeGreaterThanOrEqual(250);
    expect(settled - started).toBeGreaterThanOrEqual(300);
  });

  it("rejects with the thread's own error", async () => {
    await expect(runWorker(workerOf(`throw new RangeError('no rows to rate');`), null, () => {})).rejects.toThrow(
      'no rows to rate',
    );
  });

  it('rejects naming the exit code when the thread exits by itself with another code than 0', async () => {
    await expect(runWorker(workerOf(`process.exit(3);`), null, () => {})).rejects.toThrow(
      'the worker thread exited with code 3',
    );
  });

  it('ends the thread and rejects with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = runWorker<number>(workerOf(POST_THEN_LINGER), { count: 1, lingerMs: 20_000 }, () =>
      controller.abort(new Error('cancelled by the user')),
      controller.signal,
    );
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('resolves when the signal aborts after the last message the caller expects', async () => {
    const controller = new AbortController();
    const got: number[] = [];
    const data = { count: 2, lingerMs: 200 };
    await runWorker<number>(
      workerOf(POST_THEN_LINGER),
      data,
      (message) => {
        got.push(message);
        if (message < 1) return;
        setTimeout(() => controller.abort(new Error('cancelled after the last reply')), 0); // the thread lingers 200 ms
        return 'last';
      },
      controller.signal,
    );
    expect(got).toEqual([0, 1]);
  });

  it('rejects without starting a thread when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    let messages = 0;
    await expect(
      runWorker(workerOf(POST_THEN_LINGER), { count: 1, lingerMs: 0 }, () => void messages++, controller.signal),
    ).rejects.toThrow('too late');
    expect(messages).toBe(0);
  });

  it('ends the thread and rejects when the message handler throws, handing over no later message', async () => {
    const got: number[] = [];
    const run = runWorker<number>(workerOf(POST_THEN_LINGER), { count: 5, lingerMs: 20_000 }, (message) => {
      got.push(message);
      if (message === 1) throw new Error('reply 1 does not fit the contract');
    });
    await expect(run).rejects.toThrow('reply 1 does not fit the contract');
    expect(got).toEqual([0, 1]);
  });
});

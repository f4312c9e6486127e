/** A stand-in for the renderer's call boundary (`renderer/api/client`) in tests: answers by method, calls kept. */

/** A failed call, carrying the contract's error code (the same shape as the client's). */
export class CallFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a test answers for one method: a value, a promise, or a throw. */
export type FakeHandler = (input: Record<string, unknown>) => unknown;

/** The answer of each method by name; a method without one fails with `unknown_method`. */
export const handlers = new Map<string, FakeHandler>();

/** Every call made, in order, as [method, input]. */
export const calls: [string, Record<string, unknown>][] = [];

async function call(method: string, input: Record<string, unknown>): Promise<unknown> {
  calls.push([method, input]);
  const handler = handlers.get(method);
  if (!handler) throw new CallFailed('unknown_method', `no handler for ${method}`);
  return handler(input);
}

/** The module to hand to `vi.mock('../api/client', ...)`. */
export const fakeClientModule = {
  CallFailed,
  bridge: { on: () => () => undefined, call, mediaUrl: (assetId: number) => `media:${assetId}` },
  call,
};

/** Forgets every handler and every recorded call. */
export function resetFakeClient(): void {
  handlers.clear();
  calls.length = 0;
}

/** The method names called so far, in order. */
export function methodsCalled(): string[] {
  return calls.map(([method]) => method);
}

const unsettled = new Set<(err: Error) => void>();

/** A promise with its resolve and reject at hand, to answer calls in an order the test chooses. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(err: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = (value) => {
      unsettled.delete(reject);
      res(value);
    };
    reject = (err) => {
      unsettled.delete(reject);
      rej(err);
    };
  });
  unsettled.add(reject);
  return { promise, resolve, reject };
}

/** Fails every deferred answer a test left open (so a failed test cannot hold up the next one's calls), then lets
 * the store react. */
export async function settleDeferreds(): Promise<void> {
  for (const reject of [...unsettled]) reject(new CallFailed('internal', 'the test ended before answering'));
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

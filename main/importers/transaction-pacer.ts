/**
 * Sizes an import's transactions so that each holds the write lock for about TARGET_MS, commit included, and pauses
 * after each, so that a label save on another connection waits at most about one transaction.
 */

/** Time one transaction should take, commit included. */
const TARGET_MS = 25;

/** Pause after each transaction: the lock is free for other writers (which ask every millisecond) and the loop turns. */
const PAUSE_MS = 1;

/** Episodes in the first transaction, before the pace is known, and the bounds of any. */
const FIRST_SIZE = 32;
const MIN_SIZE = 4;
const MAX_SIZE = 2048;

/**
 * Sizes and paces an import's transactions from how long the previous one took. Much of a transaction's time does
 * not grow with its size (the commit's sync, the full-text index's flush), so the size follows the time it took
 * rather than a time per episode: scaled by target / took, at most halved or doubled at a time, so one stall does not
 * make the next transaction tiny.
 */
export class TransactionPacer {
  /** Episodes to write in the next transaction. */
  size = FIRST_SIZE;

  /** Runs one transaction and learns from its time. */
  time<T>(run: () => T): T {
    const started = performance.now();
    const result = run();
    const took = Math.max(performance.now() - started, 0.1);
    const scaled = Math.round((this.size * TARGET_MS) / took);
    this.size = Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.ceil(this.size / 2), Math.min(this.size * 2, scaled)));
    return result;
  }

  /** Waits out the pause after a transaction. */
  pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

/**
 * Sizes an import's transactions so that each holds the write lock for about 25 ms (its work about WORK_MS, its
 * commit the rest), and pauses after each, so that a label save on another connection waits about one transaction.
 */

/** Time the work of one transaction should take; its commit (writing and syncing the log) comes on top. */
const WORK_MS = 15;

/** Pause after each transaction: the lock is free for other writers (which ask every millisecond) and the loop turns. */
const PAUSE_MS = 1;

/** Episodes in the first transaction, before the pace is known, and the bounds of any. */
const FIRST_SIZE = 32;
const MIN_SIZE = 4;
const MAX_SIZE = 2048;

/** Weight of the last transaction in the running estimate of the time one episode takes. */
const SMOOTHING = 0.3;

/**
 * Sizes and paces an import's transactions from how long the work of the previous ones took per episode. The size
 * changes by at most half or double at a time, so one stall (another thread on the core) does not make the next
 * transaction tiny.
 */
export class TransactionPacer {
  /** Episodes to write in the next transaction. */
  size = FIRST_SIZE;
  private msPerEpisode: number | null = null;

  /** Runs the work of one transaction of `episodes` episodes (inside it) and learns from its time. */
  time<T>(episodes: number, work: () => T): T {
    const started = performance.now();
    const result = work();
    const ms = Math.max(performance.now() - started, 0.01) / Math.max(episodes, 1);
    this.msPerEpisode = this.msPerEpisode === null ? ms : this.msPerEpisode + SMOOTHING * (ms - this.msPerEpisode);
    const fits = Math.round(WORK_MS / this.msPerEpisode);
    this.size = Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.ceil(this.size / 2), Math.min(this.size * 2, fits)));
    return result;
  }

  /** Waits out the pause after a transaction. */
  pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

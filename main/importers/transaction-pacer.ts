/**
 * Sizes an import's transactions so that, while other connections write (a studio saving labels), each holds the
 * write lock for about 25 ms (its work about SHARED_WORK_MS, its commit the rest), and pauses after each, so that a
 * save waits about one transaction. While nobody else has written for a while, transactions grow to ALONE_WORK_MS:
 * fewer commits and pauses, and the first save that comes waits for one such transaction at most.
 */

/** Time the work of one transaction should take while others write, and while they do not. */
const SHARED_WORK_MS = 15;
const ALONE_WORK_MS = 60;

/** How long after another connection's last commit the import keeps its transactions short. */
const SHARED_FOR_MS = 2_000;

/** Pause after each transaction: the lock is free for other writers (which ask every millisecond) and the loop turns. */
const PAUSE_MS = 1;

/** Episodes in the first transaction, before the pace is known, and the bounds of any. */
const FIRST_SIZE = 32;
const MIN_SIZE = 4;
const MAX_SIZE = 4096;

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
  private othersWroteAt = performance.now();

  /** Runs the work of one transaction of `episodes` episodes (inside it) and learns from its time. */
  time<T>(episodes: number, work: () => T): T {
    const started = performance.now();
    const result = work();
    const ms = Math.max(performance.now() - started, 0.01) / Math.max(episodes, 1);
    this.msPerEpisode = this.msPerEpisode === null ? ms : this.msPerEpisode + SMOOTHING * (ms - this.msPerEpisode);
    const shared = performance.now() - this.othersWroteAt < SHARED_FOR_MS;
    const fits = Math.round((shared ? SHARED_WORK_MS : ALONE_WORK_MS) / this.msPerEpisode);
    this.size = Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.ceil(this.size / 2), Math.min(this.size * 2, fits)));
    return result;
  }

  /** Notes, after a transaction, whether another connection committed since the one before it. */
  othersWrote(wrote: boolean): void {
    if (!wrote) return;
    this.othersWroteAt = performance.now();
    const fits = this.msPerEpisode === null ? this.size : Math.round(SHARED_WORK_MS / this.msPerEpisode);
    this.size = Math.max(MIN_SIZE, Math.min(this.size, fits)); // at once, not halving step by step
  }

  /** Waits out the pause after a transaction. */
  pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

/** Long-running work (imports, runs, bootstraps): progress pushed as `job.progress` events, cancel by id. */
import { randomUUID } from 'node:crypto';
import type { EventPayloads } from '../../shared/contract';

/** Where jobs report progress: the services' event bus, which pushes `job.progress` to every door. */
export interface ProgressEvents {
  emit(event: 'job.progress', payload: EventPayloads['job.progress']): void;
}

/** What a job body receives: an abort signal and a progress reporter. */
export interface JobContext {
  signal: AbortSignal;
  progress(done: number, total: number, message: string): void;
}

/** A job as listed: kind, last progress and state. */
export interface JobState {
  jobId: string;
  kind: string;
  done: number;
  total: number;
  message: string;
  finished: boolean;
  /** Why the job failed or that it was cancelled; null while running or after success. */
  error: string | null;
  /** The job's result, once it finished successfully. */
  result: unknown;
}

/** Runs jobs, reports their progress and cancels them. */
export class JobRegistry {
  private readonly running = new Map<string, { controller: AbortController; state: JobState }>();

  constructor(private readonly events: ProgressEvents) {}

  /** Starts `body` as a job; returns its id and a promise of its result (rejects when cancelled or failed). */
  start<T>(kind: string, body: (ctx: JobContext) => Promise<T>): { jobId: string; done: Promise<T> } {
    const jobId = randomUUID();
    const controller = new AbortController();
    const state: JobState = {
      jobId,
      kind,
      done: 0,
      total: 0,
      message: 'starting',
      finished: false,
      error: null,
      result: null,
    };
    this.running.set(jobId, { controller, state });
    const emit = () => this.events.emit('job.progress', { ...state });
    // "starting" goes out before the body runs, so progress the body reports before its first await follows it.
    emit();
    const done = (async () => {
      try {
        const result = await body({
          signal: controller.signal,
          progress: (d, t, message) => {
            Object.assign(state, { done: d, total: t, message });
            emit();
          },
        });
        state.result = result;
        return result;
      } catch (err) {
        state.error = controller.signal.aborted ? 'cancelled; nothing was changed' : (err as Error).message;
        throw err;
      } finally {
        state.finished = true;
        // A cancel that came after the body had already finished its work leaves the job succeeded, not cancelled.
        if (state.error !== null && controller.signal.aborted) state.message = 'cancelled';
        emit();
        this.running.delete(jobId);
      }
    })();
    return { jobId, done };
  }

  /** Cancels a running job; false when no such job is running. */
  cancel(jobId: string): boolean {
    const job = this.running.get(jobId);
    if (!job) return false;
    job.controller.abort(new Error('cancelled by the user'));
    return true;
  }

  /** The jobs still running. */
  list(): JobState[] {
    return [...this.running.values()].map((j) => ({ ...j.state }));
  }
}

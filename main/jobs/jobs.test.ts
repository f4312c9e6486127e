/** The job registry: a job's progress events from start to finish, its result or error, and cancelling it. */
import { describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import { JobRegistry, type JobContext } from './jobs';

type Progress = EventPayloads['job.progress'];

/** A registry whose `job.progress` events are kept in order. */
function recorded() {
  const events: Progress[] = [];
  const jobs = new JobRegistry({ emit: (_name, payload) => void events.push(payload) });
  return { jobs, events };
}

/** A promise and the function that resolves it, for a job body that waits for the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('job lifecycle', () => {
  it('reports starting, each progress step and the finish, with the result, then forgets the job', async () => {
    const { jobs, events } = recorded();
    const [first, second] = [gate(), gate()];
    const { jobId, done } = jobs.start('import', async (ctx) => {
      await first.opened;
      ctx.progress(1, 3, 'read episodes');
      await second.opened;
      ctx.progress(3, 3, 'wrote 3 episodes');
      return { studyId: 7 };
    });
    expect(jobs.list()).toMatchObject([{ jobId, kind: 'import', done: 0, total: 0, message: 'starting' }]);
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.list()).toMatchObject([{ jobId, done: 1, total: 3, message: 'read episodes', finished: false }]);
    second.open();
    expect(await done).toEqual({ studyId: 7 });
    expect(events.map((e) => [e.done, e.total, e.message, e.finished])).toEqual([
      [0, 0, 'starting', false],
      [1, 3, 'read episodes', false],
      [3, 3, 'wrote 3 episodes', false],
      [3, 3, 'wrote 3 episodes', true],
    ]);
    expect(events.at(-1)).toMatchObject({ jobId, kind: 'import', error: null, result: { studyId: 7 } });
    expect(jobs.list()).toEqual([]);
    expect(jobs.cancel(jobId)).toBe(false);
  });

  it('reports a failure with its message and rejects', async () => {
    const { jobs, events } = recorded();
    const { done } = jobs.start('run', async () => {
      throw new Error('the endpoint answered 500');
    });
    await expect(done).rejects.toThrow('the endpoint answered 500');
    expect(events.at(-1)).toMatchObject({ finished: true, error: 'the endpoint answered 500', result: null });
    expect(jobs.list()).toEqual([]);
  });

  it('gives every job its own id and lists only those still running', async () => {
    const { jobs } = recorded();
    const g = gate();
    const a = jobs.start('a', () => g.opened);
    const b = jobs.start('b', async () => 'b');
    expect(a.jobId).not.toBe(b.jobId);
    await b.done;
    expect(jobs.list().map((j) => j.kind)).toEqual(['a']);
    g.open();
    await a.done;
    expect(jobs.list()).toEqual([]);
  });

  it('lists copies: changing a listed state changes nothing in the registry', () => {
    const { jobs } = recorded();
    const g = gate();
    jobs.start('a', () => g.opened);
    jobs.list()[0].message = 'tampered';
    expect(jobs.list()[0].message).toBe('starting');
    g.open();
  });
});

describe('cancelling a job', () => {
  it('aborts its signal with the reason, rejects, and reports it cancelled with nothing changed', async () => {
    const { jobs, events } = recorded();
    let seen: AbortSignal | null = null;
    const { jobId, done } = jobs.start('import', (ctx: JobContext) => {
      seen = ctx.signal;
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    expect(seen!.aborted).toBe(false);
    expect(jobs.cancel(jobId)).toBe(true);
    await expect(done).rejects.toThrow('cancelled by the user');
    expect(seen!.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({
      jobId,
      finished: true,
      message: 'cancelled',
      error: 'cancelled; nothing was changed',
    });
    expect(jobs.list()).toEqual([]);
    expect(jobs.cancel(jobId)).toBe(false);
  });

  it('sends "starting" first even when the body reports progress before its first await', async () => {
    const { jobs, events } = recorded();
    const { done } = jobs.start('import', async (ctx) => {
      ctx.progress(1, 2, 'read the header');
      return 'ok';
    });
    await done;
    expect(events.map((e) => [e.done, e.message, e.finished])).toEqual([
      [0, 'starting', false],
      [1, 'read the header', false],
      [1, 'read the header', true],
    ]);
  });

  it('a cancel that comes after the body finished its work leaves the job succeeded, with its result', async () => {
    const { jobs, events } = recorded();
    const finish = gate();
    const { jobId, done } = jobs.start('import', async (ctx) => {
      await finish.opened;
      ctx.progress(2, 2, 'wrote 2 episodes');
      return 'written';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.cancel(jobId)).toBe(true);
    finish.open();
    expect(await done).toBe('written');
    expect(events.at(-1)).toMatchObject({
      finished: true,
      message: 'wrote 2 episodes',
      error: null,
      result: 'written',
    });
  });

  it('answers false for an id no job has', () => {
    expect(recorded().jobs.cancel('00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});

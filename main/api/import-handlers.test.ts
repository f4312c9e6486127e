import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeTau2Run } from '../../bench/gen/tau2-run';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { dispatch } from './dispatch';
import type { EventPayloads } from '../../shared/contract';

let t: TempServices;
let events: EventPayloads['job.progress'][];
beforeEach(async () => {
  t = await tempServices();
  events = [];
  t.services.events.subscribe(
    (name, payload) => name === 'job.progress' && events.push(payload as EventPayloads['job.progress']),
  );
});
afterEach(() => t.cleanup());

const studyCount = () => (t.services.db.prepare('SELECT COUNT(*) AS n FROM studies').get() as { n: number }).n;
const finished = () =>
  new Promise<EventPayloads['job.progress']>((resolve) => {
    const check = () => {
      const last = events.find((e) => e.finished);
      if (last) resolve(last);
      else setTimeout(check, 10);
    };
    check();
  });

describe('import.start', () => {
  it('runs as a job: progress events, then a finished event carrying the summary', async () => {
    const res = await dispatch(t.services, 'import.start', {
      path: fixture('vera', 'test_voice_episodes', 'test.json'),
      study: 'VERA sample',
    });
    expect(res.ok).toBe(true);
    const last = await finished();
    expect(last.error).toBeNull();
    expect(last.result).toMatchObject({ study: { name: 'VERA sample' }, episodes: 5, audio: 5 });
    expect(events.length).toBeGreaterThan(2);
    expect(studyCount()).toBe(2);
  });

  it('cancelled before writing, it leaves nothing behind and says so', async () => {
    const res = await dispatch(t.services, 'import.start', { path: fixture('tau-elicitation') });
    if (!res.ok) throw new Error(res.error.message);
    const jobId = (res.result as { jobId: string }).jobId;
    await expect(dispatch(t.services, 'jobs.cancel', { jobId })).resolves.toEqual({
      ok: true,
      result: { cancelled: true },
    });
    const last = await finished();
    expect(last.error).toBe('cancelled; nothing was changed');
    expect(studyCount()).toBe(1);
  });

  it('refuses a path whose format it cannot tell, before starting a job', async () => {
    const res = await dispatch(t.services, 'import.start', { path: fixture('README.md') });
    expect(res).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(events).toHaveLength(0);
  });

  it('says a missing path does not exist, instead of asking for its format', async () => {
    const res = await dispatch(t.services, 'import.start', { path: fixture('no-such-run') });
    expect(res).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/no such file or folder$/) },
    });
    expect(events).toHaveLength(0);
  });
});

describe('import.start of a large run', () => {
  const work = mkdtempSync(join(tmpdir(), 'earshot-import-job-'));
  let run: string;
  beforeAll(() => {
    run = writeTau2Run(join(work, 'run'), 1500, 3).dir;
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const rawEpisodes = () => t.services.db.prepare('SELECT count(*) FROM episodes').pluck().get() as number;

  it('runs off this thread: the loop keeps turning, and progress arrives while it writes', async () => {
    const res = await dispatch(t.services, 'import.start', { path: run, study: 'big run' });
    expect(res.ok).toBe(true);
    let last = performance.now();
    let longestStall = 0;
    const ticker = setInterval(() => {
      longestStall = Math.max(longestStall, performance.now() - last);
      last = performance.now();
    }, 5);
    const started = performance.now();
    const done = await finished().finally(() => clearInterval(ticker));
    expect(done.error).toBeNull();
    const summary = done.result as { study: { name: string }; episodes: number; skipped: number };
    expect([summary.study.name, summary.episodes + summary.skipped]).toEqual(['big run', 1500]);
    // on this thread the import blocked the loop for its whole length (16 s for a large run); now it never stalls it
    expect(performance.now() - started).toBeGreaterThan(4 * longestStall);
    const writing = events.filter((e) => !e.finished && /^wrote \d+ episodes$/.test(e.message));
    expect(writing.length).toBeGreaterThan(1);
    expect(writing.map((e) => e.done)).toEqual([...writing.map((e) => e.done)].sort((a, b) => a - b));
  });

  it('cancelled while it writes, stops and leaves nothing behind', async () => {
    const before = { studies: studyCount(), episodes: rawEpisodes() };
    const res = await dispatch(t.services, 'import.start', { path: run, study: 'cancelled run' });
    if (!res.ok) throw new Error(res.error.message);
    const { jobId } = res.result as { jobId: string };
    // wait until it has written some episodes (hidden until it completes)
    await new Promise<void>((resolve) => {
      const check = () =>
        events.some((e) => /^wrote \d+ episodes$/.test(e.message)) ? resolve() : setTimeout(check, 5);
      check();
    });
    expect(rawEpisodes()).toBeGreaterThan(before.episodes);
    await expect(dispatch(t.services, 'jobs.cancel', { jobId })).resolves.toEqual({
      ok: true,
      result: { cancelled: true },
    });
    const last = await finished();
    expect(last.error).toBe('cancelled; nothing was changed');
    expect({ studies: studyCount(), episodes: rawEpisodes() }).toEqual(before);
  });
});

describe('files.list', () => {
  it('lists folders first, then importable files, with the format each looks like', async () => {
    const res = await dispatch(t.services, 'files.list', { path: fixture('tau2-voice') });
    if (!res.ok) throw new Error(res.error.message);
    const listing = res.result as {
      entries: { name: string; kind: string; format: string | null }[];
      parent: string | null;
    };
    expect(listing.entries.map((e) => [e.name, e.kind, e.format])).toEqual([
      ['clips', 'folder', null],
      ['experiment', 'folder', 'tau2'],
    ]);
    expect(listing.parent).toBe(fixture());
  });

  it('answers not_found for a folder that does not exist', async () => {
    await expect(dispatch(t.services, 'files.list', { path: '/no/such/folder' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

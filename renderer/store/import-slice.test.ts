// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FolderListing } from '../../shared/methods/imports';
import type { ImportJob } from './import-slice';
import {
  CallFailed,
  calls,
  deferred,
  handlers,
  methodsCalled,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);

const { useApp } = await import('./index');

const JOB = '6f1c2a0e-2b7d-4c1e-9f3a-0d5b8e7c6a41';
const OTHER = '0b8f4c3d-1e2a-4f5b-8c7d-9e0a1b2c3d4e';
const listingOf = (path: string): FolderListing => ({ path, parent: '/', entries: [] });
const progress = (jobId: string, done: number, more: Partial<ImportJob> = {}): ImportJob => ({
  jobId,
  kind: 'import',
  done,
  total: 10,
  message: `${done} of 10`,
  finished: false,
  error: null,
  result: null,
  ...more,
});

afterEach(settleDeferreds);
beforeEach(() => {
  window.localStorage.clear();
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  handlers.set('files.list', (i) => listingOf((i.path as string | undefined) ?? '/home/ana'));
  handlers.set('import.start', () => ({ jobId: JOB }));
  handlers.set('jobs.cancel', () => ({ cancelled: true }));
  handlers.set('annotators.list', () => []);
});

describe('the folder browser', () => {
  it('opens on the home folder the first time only, and closing clears the error', async () => {
    useApp.getState().openImport(true);
    await vi.waitFor(() => expect(useApp.getState().listing?.path).toBe('/home/ana'));
    expect(calls).toEqual([['files.list', {}]]);
    useApp.setState({ importError: 'old' });
    useApp.getState().openImport(false);
    useApp.getState().openImport(true);
    expect([useApp.getState().importOpen, useApp.getState().importError, calls.length]).toEqual([true, null, 1]);
  });

  it('browses to a folder, and shows a folder it cannot list without losing the listing', async () => {
    await useApp.getState().browseTo('/data/runs');
    expect(calls).toEqual([['files.list', { path: '/data/runs' }]]);
    handlers.set('files.list', () => {
      throw new CallFailed('not_found', 'no folder /data/nope');
    });
    await useApp.getState().browseTo('/data/nope');
    expect([useApp.getState().listing?.path, useApp.getState().importError]).toEqual([
      '/data/runs',
      'no folder /data/nope',
    ]);
  });
});

describe('where the browser starts and what it keeps', () => {
  const withEntries = (path: string, names: string[]): FolderListing => ({
    path,
    parent: '/',
    entries: names.map((name) => ({ name, path: `${path}/${name}`, kind: 'file', size: 1, format: null })),
  });

  it('starts in the folder browsed last, from this host', async () => {
    await useApp.getState().browseTo('/data/runs');
    useApp.setState({ listing: null });
    useApp.getState().openImport(true);
    await vi.waitFor(() => expect(useApp.getState().listing?.path).toBe('/data/runs'));
    expect(calls.at(-1)).toEqual(['files.list', { path: '/data/runs' }]);
  });

  it('starts at home, with no error, when the folder browsed last is gone', async () => {
    window.localStorage.setItem('earshot.importFolder', '/data/gone');
    handlers.set('files.list', (i) => {
      if (i.path === '/data/gone') throw new CallFailed('not_found', 'no folder /data/gone');
      return listingOf('/home/ana');
    });
    useApp.getState().openImport(true);
    await vi.waitFor(() => expect(useApp.getState().listing?.path).toBe('/home/ana'));
    expect(useApp.getState().importError).toBeNull();
    expect(window.localStorage.getItem('earshot.importFolder')).toBe('/home/ana');
  });

  it('drops a path picked in one folder when browsing to another, and keeps one typed or still in view', async () => {
    handlers.set('files.list', (i) => withEntries(i.path as string, ['a.json']));
    await useApp.getState().browseTo('/data/x');
    useApp.getState().setImportPath('/data/x/a.json', true);
    await useApp.getState().browseTo('/data/x');
    expect(useApp.getState().importPath).toBe('/data/x/a.json');
    await useApp.getState().browseTo('/data/y');
    expect(useApp.getState().importPath).toBe('');
    useApp.getState().setImportPath('/data/y', true);
    await useApp.getState().browseTo('/data/y');
    expect(useApp.getState().importPath).toBe('/data/y');
    useApp.getState().setImportPath('/elsewhere/run');
    await useApp.getState().browseTo('/data/z');
    expect(useApp.getState().importPath).toBe('/elsewhere/run');
  });
});

describe('an import job', () => {
  it('passes the format chosen, and none for auto', async () => {
    useApp.getState().setImportPath('/data/odd');
    useApp.getState().setImportFormat('vera');
    await useApp.getState().startImport();
    useApp.getState().setImportFormat('');
    await useApp.getState().startImport();
    expect(calls.map(([, i]) => i)).toEqual([{ path: '/data/odd', format: 'vera' }, { path: '/data/odd' }]);
  });

  it('starts nothing without a path; starts with the study name trimmed, or none when blank', async () => {
    await useApp.getState().startImport();
    expect(calls).toEqual([]);
    useApp.getState().setImportPath('/data/run');
    useApp.getState().setImportStudy('  Pilot  ');
    await useApp.getState().startImport();
    useApp.getState().setImportStudy('   ');
    await useApp.getState().startImport();
    expect(calls.map(([, i]) => i)).toEqual([{ path: '/data/run', study: 'Pilot' }, { path: '/data/run' }]);
  });

  it('shows the job as starting until its progress arrives, then follows its progress to the end', async () => {
    useApp.getState().setImportPath('/data/run');
    await useApp.getState().startImport();
    expect(useApp.getState().importJob).toMatchObject({ jobId: JOB, message: 'starting', done: 0, finished: false });
    useApp.getState().onJobProgress(progress(JOB, 4));
    expect(useApp.getState().importJob?.message).toBe('4 of 10');
    expect(methodsCalled()).toEqual(['import.start']);
    useApp.getState().onJobProgress(progress(JOB, 10, { finished: true, result: { episodes: 10 } }));
    expect(useApp.getState().importJob).toMatchObject({ finished: true, result: { episodes: 10 } });
    // The import may have brought annotators (a release's raters): the list is fetched again.
    expect(methodsCalled()).toEqual(['import.start', 'annotators.list']);
  });

  it('keeps progress that arrived before the start was answered', async () => {
    const started = deferred<{ jobId: string }>();
    handlers.set('import.start', () => started.promise);
    useApp.getState().setImportPath('/data/run');
    const starting = useApp.getState().startImport();
    useApp.getState().onJobProgress(progress(JOB, 3));
    started.resolve({ jobId: JOB });
    await starting;
    expect(useApp.getState().importJob?.done).toBe(3);
  });

  it('ignores progress of another job or of another kind of job', async () => {
    useApp.getState().setImportPath('/data/run');
    await useApp.getState().startImport();
    useApp.getState().onJobProgress(progress(OTHER, 7));
    useApp.getState().onJobProgress({ ...progress(JOB, 9), kind: 'run' });
    expect(useApp.getState().importJob?.done).toBe(0);
  });

  it('shows a refused path and no job', async () => {
    handlers.set('import.start', () => {
      throw new CallFailed('invalid_input', 'cannot tell the format of /data/README.md');
    });
    useApp.setState({ importJob: progress(OTHER, 10, { finished: true }) });
    useApp.getState().setImportPath('/data/README.md');
    await useApp.getState().startImport();
    expect([useApp.getState().importError, useApp.getState().importJob]).toEqual([
      'cannot tell the format of /data/README.md',
      null,
    ]);
  });

  it('cancels a running job only', async () => {
    await useApp.getState().cancelImport();
    useApp.setState({ importJob: progress(JOB, 4) });
    await useApp.getState().cancelImport();
    expect(calls).toEqual([['jobs.cancel', { jobId: JOB }]]);
    useApp.setState({ importJob: progress(JOB, 10, { finished: true }) });
    await useApp.getState().cancelImport();
    expect(methodsCalled()).toEqual(['jobs.cancel']);
  });

  it('says so when the cancel cannot reach the main side', async () => {
    handlers.set('jobs.cancel', () => {
      throw new CallFailed('bad_frame', 'the connection to the studio closed');
    });
    useApp.setState({ importJob: progress(JOB, 4) });
    await useApp.getState().cancelImport();
    expect(useApp.getState().importError).toBe('the connection to the studio closed');
  });
});

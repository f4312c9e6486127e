// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeRow, StudySummary } from '../../shared/domain';
import type { EpisodeFacets, EpisodePage } from '../../shared/types/browse';
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
const { PAGE_SIZE } = await import('./studies-slice');

const study = (id: number) => ({ id, name: `study ${id}` }) as StudySummary;
const facetsOf = (system: string) =>
  ({ system: [system], outcome: [], judgeLabel: [], condition: {} }) as EpisodeFacets;
const row = (id: number) => ({ id, externalId: `e${id}` }) as EpisodeRow;
/** A page of `total` episodes numbered from 1, as the main side answers `episodes.query`. */
const pageOf = (total: number) => (i: Record<string, unknown>) => {
  const offset = i.offset as number;
  const ids = Array.from(
    { length: Math.max(0, Math.min(i.limit as number, total - offset)) },
    (_, k) => offset + k + 1,
  );
  return { total, offset, rows: ids.map(row) } satisfies EpisodePage;
};
const queries = () => calls.filter(([m]) => m === 'episodes.query').map(([, i]) => i);

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ annotatorId: 7 });
  handlers.set('episodes.facets', () => facetsOf('sys'));
  handlers.set('episodes.query', pageOf(3));
});

describe('choosing a study', () => {
  it('opens the first study when none is open or the open one is gone, and keeps one that is still there', async () => {
    handlers.set('studies.list', () => [study(4), study(5)]);
    await useApp.getState().loadStudies();
    expect(useApp.getState().studyId).toBe(4);
    useApp.setState({ studyId: 5 });
    calls.length = 0;
    await useApp.getState().loadStudies();
    expect([useApp.getState().studyId, methodsCalled()]).toEqual([5, ['studies.list']]);
    handlers.set('studies.list', () => [study(6)]);
    await useApp.getState().loadStudies();
    expect(useApp.getState().studyId).toBe(6);
    expect(useApp.getState().studies).toEqual([study(6)]);
  });

  it('opens no study when there are none, and shows a failure to list them', async () => {
    handlers.set('studies.list', () => []);
    await useApp.getState().loadStudies();
    expect([useApp.getState().studyId, methodsCalled()]).toEqual([null, ['studies.list']]);
    handlers.set('studies.list', () => {
      throw new CallFailed('internal', 'studies.list failed: disk I/O error');
    });
    await useApp.getState().loadStudies();
    expect(useApp.getState().error).toBe('studies.list failed: disk I/O error');
  });

  it('closes the open episode, forgets old filters, loads the facets and first page as the annotator', async () => {
    useApp.setState({ studyId: 1, episodeId: 3, browse: { search: 'refund' } });
    await useApp.getState().openStudy(2);
    const s = useApp.getState();
    expect([s.studyId, s.episodeId, s.browse, s.facets, s.total]).toEqual([2, null, {}, facetsOf('sys'), 3]);
    expect(calls).toEqual([
      ['episodes.facets', { studyId: 2, annotatorId: 7 }],
      ['episodes.query', { studyId: 2, offset: 0, limit: PAGE_SIZE, annotatorId: 7 }],
    ]);
    expect(s.rows.map((r) => r?.id)).toEqual([1, 2, 3]);
  });

  it('drops the facets of a study left before they arrived', async () => {
    const slow = deferred<EpisodeFacets>();
    handlers.set('episodes.facets', (i) => (i.studyId === 1 ? slow.promise : facetsOf('second')));
    const first = useApp.getState().openStudy(1);
    await useApp.getState().openStudy(2);
    slow.resolve(facetsOf('first'));
    await first;
    expect([useApp.getState().studyId, useApp.getState().facets]).toEqual([2, facetsOf('second')]);
  });
});

describe('the episode list', () => {
  beforeEach(() => useApp.setState({ studyId: 1 }));

  it('merges a filter into the query, holds a row place for every match and loads only the first page', async () => {
    handlers.set('episodes.query', pageOf(PAGE_SIZE * 2 + 5));
    await useApp.getState().setBrowse({ system: ['a'] });
    await useApp.getState().setBrowse({ search: 'refund' });
    expect(queries().at(-1)).toEqual({
      system: ['a'],
      search: 'refund',
      studyId: 1,
      offset: 0,
      limit: PAGE_SIZE,
      annotatorId: 7,
    });
    const { total, rows, queryGeneration } = useApp.getState();
    expect([total, rows.length, rows[PAGE_SIZE - 1]?.id, rows[PAGE_SIZE], queryGeneration]).toEqual([
      PAGE_SIZE * 2 + 5,
      PAGE_SIZE * 2 + 5,
      PAGE_SIZE,
      undefined,
      2,
    ]);
  });

  it('keeps the answer of the newest query when an older one is answered after it', async () => {
    const slow = deferred<EpisodePage>();
    handlers.set('episodes.query', (i) => (i.search === 'old' ? slow.promise : pageOf(2)(i)));
    const older = useApp.getState().setBrowse({ search: 'old' });
    await useApp.getState().setBrowse({ search: 'new' });
    slow.resolve(pageOf(50)({ offset: 0, limit: PAGE_SIZE }));
    await older;
    expect([useApp.getState().total, useApp.getState().browse.search]).toEqual([2, 'new']);
  });

  it('loads the pages a range needs once, skipping pages already loaded', async () => {
    const total = PAGE_SIZE * 3;
    handlers.set('episodes.query', pageOf(total));
    await useApp.getState().setBrowse({});
    await useApp.getState().ensureRows(PAGE_SIZE - 1, PAGE_SIZE * 2 + 1);
    expect(queries().map((q) => q.offset)).toEqual([0, PAGE_SIZE, PAGE_SIZE * 2]);
    expect(useApp.getState().rows.filter(Boolean)).toHaveLength(total);
    await useApp.getState().ensureRows(0, total);
    expect(queries()).toHaveLength(3);
  });

  it('asks once for a page two views need at the same time', async () => {
    handlers.set('episodes.query', pageOf(PAGE_SIZE * 2));
    await useApp.getState().setBrowse({});
    const page = deferred<EpisodePage>();
    handlers.set('episodes.query', () => page.promise);
    const a = useApp.getState().ensureRows(PAGE_SIZE, PAGE_SIZE + 10);
    const b = useApp.getState().ensureRows(PAGE_SIZE + 5, PAGE_SIZE + 20);
    page.resolve(pageOf(PAGE_SIZE * 2)({ offset: PAGE_SIZE, limit: PAGE_SIZE }));
    await Promise.all([a, b]);
    expect(queries().map((q) => q.offset)).toEqual([0, PAGE_SIZE]);
  });

  it('drops a page of a query replaced while it loaded', async () => {
    handlers.set('episodes.query', pageOf(PAGE_SIZE * 2));
    await useApp.getState().setBrowse({});
    const late = deferred<EpisodePage>();
    handlers.set('episodes.query', (i) => (i.offset === PAGE_SIZE ? late.promise : pageOf(1)(i)));
    const loading = useApp.getState().ensureRows(PAGE_SIZE, PAGE_SIZE + 1);
    await useApp.getState().setBrowse({ search: 'x' });
    late.resolve(pageOf(PAGE_SIZE * 2)({ offset: PAGE_SIZE, limit: PAGE_SIZE }));
    await loading;
    expect(useApp.getState().rows.map((r) => r?.id)).toEqual([1]);
  });

  it('asks for nothing without a study', async () => {
    useApp.setState({ studyId: null });
    await useApp.getState().setBrowse({ search: 'x' });
    await useApp.getState().ensureRows(0, 10);
    expect(calls).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';
import type { Casebook, CasebookCase } from '../../shared/types/casebook';
import type { StudyAnnotationSettings } from '../../shared/types/annotation';
import { byCategory, failureCategories } from './casebook';
import { builtinTaxonomy } from '../../shared/taxonomies/index';

let t: TempServices;
let ana: number, ben: number, judy: number;

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

async function refused(method: string, input: unknown): Promise<{ code: string; message: string }> {
  const res = await dispatch(t.services, method, input);
  if (res.ok) throw new Error(`${method} was allowed`);
  return res.error;
}

const annotator = async (name: string, role = 'annotator') =>
  (await ok<{ id: number }>('annotators.create', { name, role })).id;
const list = (viewerId: number) => ok<Casebook>('casebook.list', { studyId: 1, viewerId });
const add = (input: object) => ok<CasebookCase>('casebook.add', { episodeId: 1, note: '', ...input });

beforeAll(async () => {
  t = await tempServices();
  [ana, ben] = [await annotator('Ana'), await annotator('Ben')];
  judy = await annotator('Judy', 'adjudicator');
  await ok<StudyAnnotationSettings>('annotation.updateSettings', { studyId: 1, blind: true });
});
afterAll(() => t.cleanup());

describe('casebook', () => {
  it('files a call, a moment and a region, telling them apart, with the author and a trimmed category', async () => {
    const call = await add({ annotatorId: ana, category: '  late reply ', note: 'whole call' });
    const moment = await add({ annotatorId: ana, category: 'late reply', startMs: 4200 });
    const region = await add({ annotatorId: ben, category: 'talks over', startMs: 13_000, endMs: 14_500 });
    expect(call).toMatchObject({
      kind: 'call',
      category: 'late reply',
      startMs: null,
      endMs: null,
      note: 'whole call',
    });
    expect(moment).toMatchObject({ kind: 'moment', startMs: 4200, endMs: null, addedBy: { id: ana, name: 'Ana' } });
    expect(region).toMatchObject({ kind: 'region', startMs: 13_000, endMs: 14_500, externalId: expect.any(String) });
  });

  it('refuses a region ending before it starts, an end without a start and a moment past the call, naming the field', async () => {
    const backwards = await refused('casebook.add', {
      episodeId: 1,
      annotatorId: ana,
      category: 'x',
      note: '',
      startMs: 5000,
      endMs: 4000,
    });
    expect(backwards).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^endMs: .*end after/) });
    const noStart = await refused('casebook.add', {
      episodeId: 1,
      annotatorId: ana,
      category: 'x',
      note: '',
      endMs: 4000,
    });
    expect(noStart.message).toMatch(/^endMs: a region needs its startMs/);
    const past = await refused('casebook.add', {
      episodeId: 1,
      annotatorId: ana,
      category: 'x',
      note: '',
      startMs: 3_600_000,
    });
    expect(past.message).toMatch(/^startMs: 3600000 ms is past the end of/);
    const blank = await refused('casebook.add', { episodeId: 1, annotatorId: ana, category: '   ', note: '' });
    expect(blank.code).toBe('invalid_input');
    expect((await refused('casebook.add', { episodeId: 99_999, annotatorId: ana, category: 'x', note: '' })).code).toBe(
      'not_found',
    );
  });

  it('while blind, shows an annotator only their own cases; an adjudicator sees every case, counted by category', async () => {
    const own = await list(ben);
    expect(own.scope).toBe('own');
    expect(own.cases.map((c) => c.addedBy.name)).toEqual(['Ben']);
    expect(own.message).toMatch(/is blind: Ben sees only the cases they added/);
    const all = await list(judy);
    expect(all.scope).toBe('all');
    expect(all.categories).toEqual([
      { category: 'late reply', count: 2 },
      { category: 'talks over', count: 1 },
    ]);
    expect(all.cases).toHaveLength(3);
    const others = all.cases.find((c) => c.addedBy.id === ana)!;
    expect((await refused('casebook.exportHtml', { caseId: others.id, viewerId: ben })).code).toBe('forbidden');
  });

  it("shows every case once the study is not blind, and suggests the study's failure categories first", async () => {
    await ok('annotation.updateSettings', { studyId: 1, blind: false, viewerId: judy });
    const seen = await list(ben);
    expect(seen.scope).toBe('all');
    expect(seen.cases).toHaveLength(3);
    expect(seen.suggested.slice(0, 3)).toEqual(['agent', 'user', 'system']);
    expect(seen.suggested).toContain('talks over');
  });

  it('lets the author, or an adjudicator, remove a case, and no one else', async () => {
    const cases = (await list(judy)).cases;
    const anas = cases.find((c) => c.addedBy.id === ana)!;
    const bens = cases.find((c) => c.addedBy.id === ben)!;
    expect((await refused('casebook.remove', { caseId: anas.id, viewerId: ben })).code).toBe('forbidden');
    expect(await ok('casebook.remove', { caseId: anas.id, viewerId: ana })).toEqual({ removed: true });
    expect(await ok('casebook.remove', { caseId: bens.id, viewerId: judy })).toEqual({ removed: true });
    expect((await refused('casebook.remove', { caseId: bens.id, viewerId: judy })).code).toBe('not_found');
    expect((await list(judy)).cases).toHaveLength(1);
  });
});

describe('casebook helpers', () => {
  it('orders categories by count, then name, keeping the order of cases within each', () => {
    const c = (id: number, category: string) => ({ id, category }) as CasebookCase;
    const grouped = byCategory([c(1, 'b'), c(2, 'a'), c(3, 'b'), c(4, 'c')]);
    expect(grouped.categories).toEqual([
      { category: 'b', count: 2 },
      { category: 'a', count: 1 },
      { category: 'c', count: 1 },
    ]);
    expect(grouped.cases.map((x) => x.id)).toEqual([1, 3, 2, 4]);
  });

  it('takes a taxonomy\'s failure options, leaving out "no error" and the severity scale', () => {
    expect(failureCategories(builtinTaxonomy('generic'))).toEqual(['agent', 'user', 'system']);
  });
});

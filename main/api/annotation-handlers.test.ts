import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from './dispatch';

let t: TempServices;
beforeEach(async () => {
  t = await tempServices();
});
afterEach(() => t.cleanup());

const call = (method: string, input: unknown) => dispatch(t.services, method, input);

describe('annotation methods through the dispatcher', () => {
  it('labels the demo study: create annotators, set, read back, refuse bad input with typed errors', async () => {
    const ana = await call('annotators.create', { name: 'Ana', initials: 'al' });
    expect(ana).toMatchObject({ ok: true, result: { name: 'Ana', initials: 'AL', role: 'annotator' } });
    const annotatorId = (ana as { result: { id: number } }).result.id;
    expect(await call('annotators.create', { name: 'Ana' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const set = await call('labels.set', { episodeId: 1, annotatorId, field: 'source', value: 'agent' });
    expect(set).toMatchObject({ ok: true, result: { ack: { field: 'source', phase: 'final' }, labels: { values: { source: 'agent' } } } });
    expect(await call('labels.set', { episodeId: 1, annotatorId, field: 'source', value: 'martian' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('labels.set', { episodeId: 1, annotatorId, field: 'source', value: { x: 1 } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const missing = await call('labels.episode', { episodeId: 999, annotatorId, viewerId: annotatorId });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call('adjudication.queue', { studyId: 1, field: 'source', adjudicatorId: annotatorId })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('annotation.setTaxonomy', { studyId: 1, taxonomy: { format: 'nope' } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const settings = await call('annotation.settings', { studyId: 1 });
    expect(settings).toMatchObject({ ok: true, result: { blind: true, taxonomy: { id: 'generic' }, taxonomySource: 'builtin' } });
  });

  it('adjudication.item serves both annotators\' labels and notes to an adjudicator only', async () => {
    const id = async (name: string, role?: string) =>
      ((await call('annotators.create', { name, role })) as { result: { id: number } }).result.id;
    const [a, b, judy] = [await id('A'), await id('B'), await id('Judy', 'adjudicator')];
    await call('labels.set', { episodeId: 1, annotatorId: a, field: 'source', value: 'agent' });
    await call('labels.set', { episodeId: 1, annotatorId: a, field: 'notes', value: 'digits swapped' });
    await call('labels.set', { episodeId: 1, annotatorId: b, field: 'source', value: 'user' });
    const refused = await call('adjudication.item', { episodeId: 1, field: 'source', adjudicatorId: a });
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not an adjudicator/) } });
    const served = await call('adjudication.item', { episodeId: 1, field: 'source', adjudicatorId: judy });
    expect(served).toMatchObject({
      ok: true,
      result: {
        item: { status: 'disputed' },
        annotators: [
          { annotator: 'A', value: 'agent', notes: 'digits swapped' },
          { annotator: 'B', value: 'user', notes: '' },
        ],
      },
    });
    const extra = await call('adjudication.item', { episodeId: 1, field: 'source', adjudicatorId: judy, extra: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('exports a bundle and a validation.csv as files to save', async () => {
    const a = ((await call('annotators.create', { name: 'A' })) as { result: { id: number } }).result.id;
    const b = ((await call('annotators.create', { name: 'B' })) as { result: { id: number } }).result.id;
    await call('labels.set', { episodeId: 1, annotatorId: a, field: 'source', value: 'agent' });
    await call('labels.set', { episodeId: 1, annotatorId: b, field: 'source', value: 'no_error' });
    const created = await call('annotators.create', { name: 'J', role: 'adjudicator' });
    const j = (created as { result: { id: number } }).result.id;
    const exported = await call('exchange.export', { studyId: 1, annotatorId: a, viewerId: a });
    const bundle = exported as { ok: true; result: { fileName: string; content: string } };
    expect(bundle.result.fileName).toBe('demo-study-a.earshot-labels.json');
    expect(JSON.parse(bundle.result.content).labels).toHaveLength(1);
    const csv = (await call('exchange.validationCsv', { studyId: 1, viewerId: j })) as {
      result: { content: string; warnings: string[] };
    };
    expect(csv.result.content.split('\n')[1]).toMatch(/^call,demo-retail-order-status,/);
    // The demo's generic taxonomy has no subtype field: the export says which columns stay empty.
    expect(csv.result.warnings).toEqual([expect.stringMatching(/no field .* has role "subtype": human_error_subtype_a\/b/)]);
  });
});

describe('a queue is the design of the judge-corrected figures', () => {
  it('drawing or deleting one tells the doors the study changed, so Results recompute', async () => {
    const seen: unknown[] = [];
    t.services.events.subscribe((event, payload) => seen.push([event, payload]));
    const a = ((await call('annotators.create', { name: 'A' })) as { result: { id: number } }).result.id;
    seen.length = 0;
    const request = { studyId: 1, name: 'Q', size: 2, seed: 1, onlyFailed: false, stratifyBy: 'none' };
    const created = await call('queues.create', { ...request, assignment: 'all', annotatorIds: [a] });
    expect(seen).toEqual([['data.changed', { scope: 'annotations', studyId: 1 }]]);
    const queueId = (created as { result: { id: number } }).result.id;
    await call('queues.delete', { queueId });
    expect(seen).toHaveLength(2);
    expect(await call('queues.delete', { queueId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

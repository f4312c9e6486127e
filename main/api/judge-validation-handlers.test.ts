import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from './dispatch';

let t: TempServices;
beforeEach(async () => {
  t = await tempServices();
});
afterEach(() => t.cleanup());

const call = (method: string, input: unknown) => dispatch(t.services, method, input);
const idOf = async (name: string, role: 'annotator' | 'adjudicator') =>
  ((await call('annotators.create', { name, role })) as { result: { id: number } }).result.id;

const mapping = {
  key: 'source:any',
  label: 'any failure source ↔ judge fail',
  field: 'source',
  judgeId: null,
  output: 'label',
  kind: 'binary',
  judgePositive: ['fail'],
  judgeNegative: ['pass'],
  humanPositive: ['agent', 'user', 'system'],
  humanNegative: ['no_error'],
  categories: {},
};

describe('judge-validation methods through the dispatcher (demo study, blind)', () => {
  it('only the lead or an adjudicator changes mappings and the held-out split; everyone reads them', async () => {
    const ana = await idOf('Ana', 'annotator');
    const judy = await idOf('Judy', 'adjudicator');
    const refused = await call('judgeMappings.save', { studyId: 1, viewerId: ana, mapping });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/study lead or an adjudicator/i) } });
    const saved = await call('judgeMappings.save', { studyId: 1, viewerId: judy, mapping });
    expect(saved).toMatchObject({ ok: true });
    const list = (await call('judgeMappings.list', { studyId: 1 })) as { result: { mappings: { key: string; source: string }[] } };
    expect(list.result.mappings.find((m) => m.key === 'source:any')).toMatchObject({ source: 'study' });
    expect(await call('judgeMappings.remove', { studyId: 1, viewerId: ana, key: 'source:any' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('judgeValidation.setHoldout', { studyId: 1, viewerId: ana, split: { seed: 1, fraction: 0.3 } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('judgeValidation.setHoldout', { studyId: 1, viewerId: judy, split: { seed: 1, fraction: 0.3 } })).toMatchObject({ ok: true });
    expect(await call('judgeMappings.list', { studyId: 1 })).toMatchObject({ ok: true, result: { holdout: { seed: 1, fraction: 0.3 } } });
    expect(await call('judgeMappings.save', { studyId: 1, viewerId: judy, mapping: { ...mapping, judgeNegative: ['fail'] } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/judgeNegative: "fail" is both positive and negative/) },
    });
  });

  it('a blind annotator cannot read the disagreement gallery; the adjudicator can', async () => {
    const ana = await idOf('Ana', 'annotator');
    const judy = await idOf('Judy', 'adjudicator');
    const input = { studyId: 1, field: 'verdict', mappingKey: 'verdict' };
    expect(await call('judgeValidation.disagreements', { ...input, viewerId: ana })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('judgeValidation.disagreements', { ...input, viewerId: judy })).toMatchObject({ ok: true, result: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { genericTaxonomy } from '../../shared/taxonomies/generic';
import { codeRatings, cohenKappa, weightedCohenKappa } from '../stats/agreement/index';
import { computeStudyAgreement } from './agreement';
import { setLabel } from './labels';
import { setStudyTaxonomy } from './settings';

const now = new Date('2026-01-02T03:04:05Z');
const ORDER = ['poor', 'fair', 'good', 'excellent'];
const A = ['poor', 'fair', 'good', 'excellent', 'fair', 'good'];
const B = ['poor', 'good', 'good', 'excellent', 'poor', 'good'];

describe('ordinal text fields take the order of their taxonomy options', () => {
  let t: TempServices;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
  });
  afterAll(() => t.cleanup());

  it('orders quality poor < fair < good < excellent (not alphabetically) for the weighted coefficients', async () => {
    const db = t.services.db;
    const { studyId, ids } = await makeStudy(
      db,
      'Q',
      'generic',
      A.map((_, i) => ({ id: `c${i}` })),
    );
    const quality = {
      key: 'quality',
      label: 'Quality',
      kind: 'single',
      level: 'ordinal',
      options: ORDER.map((value) => ({ value })),
    };
    setStudyTaxonomy(db, studyId, { ...genericTaxonomy, id: 'quality', fields: [...genericTaxonomy.fields, quality] });
    const [a, b] = makeAnnotators(db, ['A', 'B']);
    A.forEach((label, i) =>
      setLabel(db, { episodeId: ids[`c${i}`], annotatorId: a, field: 'quality', value: label }, now),
    );
    B.forEach((label, i) =>
      setLabel(db, { episodeId: ids[`c${i}`], annotatorId: b, field: 'quality', value: label }, now),
    );
    const res = await computeStudyAgreement(db, { studyId, field: 'quality', resamples: 200 });
    const o = res.overall;
    expect(o.level).toBe('ordinal');
    expect(o.categories).toEqual(ORDER);
    const table = { items: A.map((_, i) => `c${i}`), raters: ['A', 'B'], labels: A.map((x, i) => [x, B[i]]) };
    const ordered = codeRatings(table, ORDER);
    const alphabetical = codeRatings(table);
    expect(o.statistics.cohenKappaLinear!.estimate).toBeCloseTo(cohenKappa(ordered, 'linear'), 12);
    expect(cohenKappa(alphabetical, 'linear')).not.toBeCloseTo(cohenKappa(ordered, 'linear'), 3);
    expect(o.coefficients.weighted!.weights).toBe('ordinal');
    expect(o.coefficients.weighted!.cohenKappa!.estimate).toBeCloseTo(weightedCohenKappa(ordered, 'ordinal'), 12);
  }, 30_000);
});

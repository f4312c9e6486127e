/**
 * Time, region and multi-label agreement of a study, end to end from labels set through the product: who rated a
 * call (any label) decides whether a missing mark is "none" or a missing rating. The statistics themselves are
 * checked against published values in main/stats/agreement; here the hand-counted pairs are written out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { SYSTEM_FIELDS, type LabelValue } from '../../shared/types/annotation';
import { intervalAlpha, setAlpha, setAlphaIntervals, unitizingAlpha } from '../stats/agreement/index';
import { computeStudyAgreement } from './agreement';
import { setLabel } from './labels';
import { fieldMarkdown } from './report';
import { fmtInterval } from './report-text';

const now = new Date('2026-01-02T03:04:05Z');

describe('agreement on first-error marks, regions and label sets', () => {
  let t: TempServices;
  let studyId: number;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
    const db = t.services.db;
    const made = await makeStudy(
      db,
      'T',
      'vera',
      ['e1', 'e2', 'e3', 'e4'].map((id) => ({ id })),
    );
    studyId = made.studyId;
    const [a, b, c] = makeAnnotators(db, ['A', 'B', 'C']);
    const put = (ep: string, who: number, field: string, value: LabelValue) =>
      setLabel(db, { episodeId: made.ids[ep], annotatorId: who, field, value }, now);
    const fe = SYSTEM_FIELDS.firstErrorMs;
    const seen = (ep: string, who: number) => put(ep, who, SYSTEM_FIELDS.notes, 'listened');
    (put('e1', a, fe, 1000), put('e1', b, fe, 1400), put('e1', c, fe, 5000));
    (seen('e2', a), seen('e2', b), put('e2', c, fe, 2000));
    (put('e3', a, fe, 3000), put('e3', b, fe, 3000));
    seen('e4', a);
    put('e1', a, SYSTEM_FIELDS.regions, ['1000-2000 overlap']);
    put('e1', b, SYSTEM_FIELDS.regions, ['1100-2050 overlap']);
    put('e2', b, SYSTEM_FIELDS.regions, ['0-500 silence']);
    for (const [ep, who, tags] of [
      ['e1', a, ['OFF_TARGET', 'UNSUPPORTED_FACT']],
      ['e1', b, ['OFF_TARGET']],
      ['e2', a, ['ENTITY_CONFUSION']],
      ['e2', b, ['ENTITY_CONFUSION']],
    ] as const) {
      put(ep, who, 'grade', 'INCORRECT');
      put(ep, who, 'error_categories', [...tags]);
    }
  }, 60_000);
  afterAll(() => t.cleanup());

  it('first error: pairs within ±1000 ms, no mark on a rated call agreeing only with no mark', async () => {
    const s = await computeStudyAgreement(t.services.db, {
      studyId,
      field: SYSTEM_FIELDS.firstErrorMs,
      resamples: 200,
    });
    // e1: A–B 400 ms ✓, A–C and B–C ✗; e2: A–B both absent, A–C and B–C one absent; e3: A–B 0 ms ✓; e4 one rater.
    const f = s.extras!.firstError!;
    expect(f).toMatchObject({ toleranceMs: 1000, items: 3, pairs: 7, bothMarked: 4, withinTolerance: 2 });
    expect(f).toMatchObject({ bothAbsent: 1, oneAbsent: 2, markedItems: 2 });
    expect(f.agreement.estimate).toBeCloseTo(3 / 7, 12);
    expect(f.intervalAlpha).toBeCloseTo(
      intervalAlpha([
        [1000, 1400, 5000],
        [3000, 3000],
      ]),
      12,
    );
    // The categorical report reads the field as marked / none.
    expect(s.overall.categories).toEqual(['none', 'marked']);
    expect(s.overall.level).toBe('nominal');
    expect(s.overall.nPairableItems).toBe(3);
    const wide = await computeStudyAgreement(t.services.db, {
      studyId,
      field: SYSTEM_FIELDS.firstErrorMs,
      resamples: 200,
      toleranceMs: 4000,
    });
    expect(wide.extras!.firstError!.withinTolerance).toBe(4);
  });

  it('regions: αu on the calls both raters rated, laid end to end, and tolerance matching per category', async () => {
    const s = await computeStudyAgreement(t.services.db, {
      studyId,
      field: SYSTEM_FIELDS.regions,
      resamples: 200,
    });
    const r = s.extras!.regions!;
    // Raters A, B, C (everyone who labelled the study); all three rated e1 and e2 only.
    expect(s.raters).toEqual(['A', 'B', 'C']);
    expect(r.calls).toBe(2);
    expect(r.continuumMs).toBe(20_000);
    const expected = unitizingAlpha(
      {
        begin: 0,
        length: 20_000,
        raters: 3,
        units: [
          { begin: 1000, length: 1000, rater: 0, category: 'overlap' },
          { begin: 1100, length: 950, rater: 1, category: 'overlap' },
          { begin: 10_000, length: 500, rater: 1, category: 'silence' },
        ],
      },
      ['overlap', 'silence'],
    );
    expect(r.alpha).toBeCloseTo(expected.alpha!, 12);
    const [overlap, silence] = r.categories;
    // overlap: e1 A–B match (2 regions), A–C and B–C one absent (1 region each); no overlap on e2 (3 pairs), e3 (A–B).
    expect(overlap).toMatchObject({ category: 'overlap', regions: 4, matched: 1, matchAgreement: 0.5 });
    expect(overlap).toMatchObject({ bothAbsent: 4, oneAbsent: 2 });
    expect(overlap.alpha).toBeCloseTo(expected.categories[0].alpha!, 12);
    expect(silence).toMatchObject({ category: 'silence', regions: 2, matched: 0, matchAgreement: 0 });
    expect(silence).toMatchObject({ bothAbsent: 5, oneAbsent: 2 });
  });

  it('multi-label field: α with the MASI and Jaccard distances between the label sets', async () => {
    const s = await computeStudyAgreement(t.services.db, { studyId, field: 'error_categories', resamples: 200 });
    const units = [
      [['OFF_TARGET', 'UNSUPPORTED_FACT'], ['OFF_TARGET']],
      [['ENTITY_CONFUSION'], ['ENTITY_CONFUSION']],
    ];
    const { masi, jaccard } = setAlphaIntervals(units, { resamples: 200 });
    expect(s.extras!.sets).toEqual({ pairableItems: 2, masiAlpha: masi, jaccardAlpha: jaccard });
    expect(masi.estimate).toBeCloseTo(setAlpha(units, 'masi'), 12);
    expect(masi.resamples).toBe(200);
    expect(s.extras!.sets!.masiAlpha.estimate).toBeGreaterThan(s.overall.statistics.krippendorffAlpha.estimate!);
  });

  it('the report carries them: the first-error pairs, αu per category and the set α, escaped', async () => {
    const time = await computeStudyAgreement(t.services.db, {
      studyId,
      field: SYSTEM_FIELDS.firstErrorMs,
      resamples: 200,
    });
    const md = fieldMarkdown(time, undefined);
    const f = time.extras!.firstError!;
    expect(md).toContain(`### First critical error (±${f.toleranceMs} ms)`);
    expect(md).toContain(`| both marked, within tolerance | ${f.withinTolerance} of ${f.bothMarked} |`);
    const regions = await computeStudyAgreement(t.services.db, {
      studyId,
      field: SYSTEM_FIELDS.regions,
      resamples: 200,
    });
    const rmd = fieldMarkdown(regions, undefined);
    expect(rmd).toMatch(/### Regions: unitizing αu -?\d\.\d{3} on 2 calls every rater rated \(20000 ms\)/);
    expect(rmd).toMatch(/\| overlap \| -?\d\.\d{3} \| 0\.500 \(1\) \| 4 \| 2 \| 4 \|/);
    const sets = await computeStudyAgreement(t.services.db, { studyId, field: 'error_categories', resamples: 200 });
    const { masiAlpha, jaccardAlpha } = sets.extras!.sets!;
    expect(fieldMarkdown(sets, undefined)).toContain(
      `2 items: Krippendorff's α with the MASI distance ${fmtInterval(masiAlpha)}, ` +
        `with the Jaccard distance ${fmtInterval(jaccardAlpha)}.`,
    );
    expect(fmtInterval(masiAlpha)).toMatch(/^-?\d\.\d{3} \[/);
    const grade = await computeStudyAgreement(t.services.db, { studyId, field: 'grade', resamples: 200 });
    expect(fieldMarkdown(grade, undefined)).not.toContain('### First critical error');
  });

  it('a categorical field has no extras', async () => {
    const s = await computeStudyAgreement(t.services.db, { studyId, field: 'grade', resamples: 200 });
    expect(s.extras).toBeNull();
  });
});

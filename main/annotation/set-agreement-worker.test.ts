/**
 * A multi-label field's set α intervals are drawn on the agreement worker, not on the caller's thread: while a study
 * of 1,500 calls labelled by four raters is computed, the event loop keeps turning, though drawing the same intervals
 * on this thread blocks it for the whole draw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { setAlphaIntervals, type SetRatings } from '../stats/agreement/index';
import { VERA_ERROR_CATEGORIES } from '../../shared/taxonomies/vera';
import { computeStudyAgreement } from './agreement';
import { setLabel } from './labels';

const now = new Date('2026-01-02T03:04:05Z');
const CALLS = 1500;
const RESAMPLES = 10_000;

/** The longest gap between turns of the event loop while `work` runs. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    stallMs = Math.max(stallMs, at - last);
    last = at;
  }, 5);
  try {
    const result = await work();
    return { result, stallMs: Math.max(stallMs, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

describe('set α off the caller’s thread', () => {
  let t: TempServices;
  let studyId: number;
  const units: string[][][] = [];
  beforeAll(async () => {
    t = await tempServices({ demo: false });
    const db = t.services.db;
    const made = await makeStudy(db, 'Sets', 'vera', Array.from({ length: CALLS }, (_, i) => ({ id: `c${i}` })));
    studyId = made.studyId;
    const raters = makeAnnotators(db, ['A', 'B', 'C', 'D']);
    const options = VERA_ERROR_CATEGORIES.slice(0, 5).map((o) => o.value);
    let seed = 7;
    const draw = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < CALLS; i++) {
      // a set each call, which each rater keeps (or redraws a third of the time): many distinct sets and patterns
      const shared = options.filter(() => draw() < 0.3);
      const unit = raters.map(() => (draw() < 0.66 ? shared : options.filter(() => draw() < 0.3)));
      units.push(unit.map((s) => (s.length ? s : [options[i % 5]])));
      raters.forEach((annotatorId, r) => {
        const episodeId = made.ids[`c${i}`];
        setLabel(db, { episodeId, annotatorId, field: 'grade', value: 'INCORRECT' }, now);
        setLabel(db, { episodeId, annotatorId, field: 'error_categories', value: units[i][r] }, now);
      });
    }
  }, 120_000);
  afterAll(() => t.cleanup());

  it('keeps the event loop turning while the intervals are drawn, and gives the intervals drawn on this thread', async () => {
    const here = await longestStall(async () => setAlphaIntervals(units as SetRatings, { resamples: RESAMPLES }));
    const req = { studyId, field: 'error_categories', resamples: RESAMPLES };
    const away = await longestStall(() => computeStudyAgreement(t.services.db, req));
    expect(away.result.extras!.sets!.masiAlpha).toEqual(here.result.masi);
    expect(away.result.extras!.sets!.jaccardAlpha).toEqual(here.result.jaccard);
    // drawn here, the intervals hold the thread for the whole draw; drawn on the worker, far less than half of it
    expect(here.stallMs).toBeGreaterThan(200);
    expect(away.stallMs).toBeLessThan(here.stallMs / 2);
  }, 120_000);
});

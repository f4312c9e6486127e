import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { TAU_VALIDATION } from '../../test-support/fixture-counts';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { computeStudyAgreement } from './agreement';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { setLabel } from './labels';
import { decide } from './adjudication';
import { validateCall } from '../../shared/contract';

const now = new Date('2026-01-02T03:04:05Z');

describe('agreement on the τ-Elicitation validation labels (imported from the fixture archive)', () => {
  let t: TempServices;
  let studyId: number;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
    const summary = await writeBatch(t.services.db, await readTauElicitation(fixture('tau-elicitation')), { now });
    studyId = summary.study.id;
  }, 60_000);
  afterAll(() => t.cleanup());

  // Reference values computed independently in Python from validation.csv's call rows (A = *_a, B = *_b columns);
  // the counts are recounted by scripts/recount/tau-validation.mjs (TAU_VALIDATION.agreement).
  const counts = TAU_VALIDATION.agreement;
  const calls = TAU_VALIDATION.calls;
  it('error_source: 100 calls, p_o = 0.97, Cohen κ = 0.93268 (agent/user/no_error pairs 31+1+2+66)', async () => {
    const a = await computeStudyAgreement(t.services.db, { studyId, field: 'error_source' });
    expect(a.raters).toEqual(['A', 'B']);
    expect(a.overall.nPairableItems).toBe(calls);
    expect(a.overall.categories).toEqual(counts.sourceCategories);
    expect(a.overall.statistics.percentAgreement.estimate).toBeCloseTo(counts.sourceAgreeing / calls, 12);
    expect(a.overall.statistics.cohenKappa!.estimate).toBeCloseTo(0.9326750448833033, 12);
    expect(a.overall.confusionMatrix!.counts).toEqual(counts.sourceMatrix);
    expect(a.overall.bootstrap).toMatchObject({ resamples: 10000, seed: 1 });
    const low = a.overall.statistics.cohenKappa!.low!;
    expect(low).toBeLessThan(0.9327);
    // No judge output maps to error_source: the product says so instead of printing a number.
    expect(a.judge.results).toEqual([]);
    expect(a.judge.unmapped).toMatch(/No judge output is mapped to "error_source"/);
  });

  it('severity is ordinal: p_o = 0.82, κ = 0.60912, linear 0.67409, quadratic 0.73518', async () => {
    const a = await computeStudyAgreement(t.services.db, { studyId, field: 'severity', resamples: 1000 });
    expect(a.overall.level).toBe('ordinal');
    const s = a.overall.statistics;
    expect(s.percentAgreement.estimate).toBeCloseTo(counts.severityAgreeing / calls, 12);
    expect(s.cohenKappa!.estimate).toBeCloseTo(0.6091205211726384, 12);
    expect(s.cohenKappaLinear!.estimate).toBeCloseTo(0.6740901683867464, 12);
    expect(s.cohenKappaQuadratic!.estimate).toBeCloseTo(0.7351772840959246, 12);
  });

  it('refuses a population below the items rated, at the contract door and in computeStudyAgreement', async () => {
    const input = { studyId, viewerId: 1, field: 'error_source', resamples: 100 };
    expect(validateCall('agreement.compute', { ...input, population: 400 }).ok).toBe(true);
    const zero = validateCall('agreement.compute', { ...input, population: 0 });
    expect(zero.ok ? 'accepted' : zero.error.message).toMatch(/^agreement\.compute: population: /);
    const request = { studyId, field: 'error_source', resamples: 100, population: 99 };
    await expect(computeStudyAgreement(t.services.db, request)).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'error_source: population must be a whole number of at least the 100 items rated, got 99',
    });
  });

  it('error_subtype over the 32 calls both annotators gave a subtype: p_o = 0.84375, κ = 0.64602', async () => {
    const a = await computeStudyAgreement(t.services.db, { studyId, field: 'error_subtype', resamples: 1000 });
    expect(a.overall.nPairableItems).toBe(counts.subtypePairs);
    const agreeing = counts.subtypeAgreeing / counts.subtypePairs;
    expect(a.overall.statistics.percentAgreement.estimate).toBeCloseTo(agreeing, 12);
    expect(a.overall.statistics.cohenKappa!.estimate).toBeCloseTo(0.6460176991150443, 12);
  });
});

describe('agreement with the judge and the adjudicated label (VERA grades, hand-computed)', () => {
  let t: TempServices;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
  });
  afterAll(() => t.cleanup());

  it('per annotator vs judge, vs adjudicated, and the judge’s strict/lenient precision, recall and F1', async () => {
    const db = t.services.db;
    // judge: C C I I N C I C ; A: C C I C N C I I ; B: C I I I N C C C
    const judge = ['CORRECT', 'CORRECT', 'INCORRECT', 'INCORRECT', 'NOT_ATTEMPTED', 'CORRECT', 'INCORRECT', 'CORRECT'];
    const A = ['CORRECT', 'CORRECT', 'INCORRECT', 'CORRECT', 'NOT_ATTEMPTED', 'CORRECT', 'INCORRECT', 'INCORRECT'];
    const B = ['CORRECT', 'INCORRECT', 'INCORRECT', 'INCORRECT', 'NOT_ATTEMPTED', 'CORRECT', 'CORRECT', 'CORRECT'];
    const { studyId, ids } = await makeStudy(db, 'V', 'vera', judge.map((j, i) => ({ id: `q${i}`, system: i < 4 ? 's1' : 's2', condition: { track: i % 2 ? 'math' : 'web' }, judge: j })));
    const [a, b, adj] = makeAnnotators(db, ['A', 'B'], 'Judy');
    judge.forEach((_, i) => {
      setLabel(db, { episodeId: ids[`q${i}`], annotatorId: a, field: 'grade', value: A[i] }, now);
      setLabel(db, { episodeId: ids[`q${i}`], annotatorId: b, field: 'grade', value: B[i] }, now);
    });
    decide(db, { episodeId: ids.q1, field: 'grade', value: 'CORRECT', rationale: 'answer given', adjudicatorId: adj }, now);
    decide(db, { episodeId: ids.q3, field: 'grade', value: 'unresolved', rationale: 'audio cut', adjudicatorId: adj }, now);
    const res = await computeStudyAgreement(db, { studyId, field: 'grade', resamples: 500 });
    // A vs judge: agree on 6 of 8. Table rows A, cols judge over (C, I, N): [[3,1,0],[1,2,0],[0,0,1]];
    // p_e = (4·4 + 3·3 + 1·1)/64 = 26/64, κ = (48/64 − 26/64)/(38/64) = 22/38.
    const grade = res.judge.results.find((r) => r.mapping.key === 'grade')!;
    const vsJudge = Object.fromEntries(grade.overall.map((o) => [o.reference, o]));
    expect(vsJudge.A.percentAgreement.estimate).toBeCloseTo(6 / 8, 12);
    expect(vsJudge.A.cohenKappa.estimate).toBeCloseTo(22 / 38, 12);
    // B vs judge: agree on 6 of 8; B marginals C 4, I 3, N 1; judge C 4, I 3, N 1 → same κ.
    expect(vsJudge.B.cohenKappa.estimate).toBeCloseTo(22 / 38, 12);
    // Adjudicated: unanimous items q0 q2 q4 q5 (auto-accepted) + decided q1 = 5 items; q3 unresolved and q6 q7 undecided are missing.
    const vsAdj = Object.fromEntries(res.vsAdjudicated.map((p) => [p.rater, p.report!]));
    expect(vsAdj.A.nPairableItems).toBe(5);
    expect(vsAdj.A.statistics.percentAgreement.estimate).toBeCloseTo(1, 12);
    expect(vsAdj.B.statistics.percentAgreement.estimate).toBeCloseTo(4 / 5, 12);
    expect(res.unresolvedExcluded).toBe(1);
    expect(vsJudge.adjudicated).toMatchObject({ n: 5 });
    expect(vsJudge.adjudicated.percentAgreement.estimate).toBeCloseTo(1, 12);
    // Judge CORRECT ↔ human CORRECT: judge positive = q0 q1 q5 q7; A positive q0 q1 q3 q5, B positive q0 q5 q6 q7.
    // Strict (both): q0 q5 → TP 2, FP 2 (q1 q7), FN 0, TN 4. Lenient (either): q0 q1 q3 q5 q6 q7 → TP 4, FP 0, FN 2, TN 2.
    const correct = res.judge.results.find((r) => r.mapping.key === 'grade:correct')!;
    const by = Object.fromEntries(correct.comparisons.map((c) => [c.reference, c]));
    expect(by['humans (strict)'].figures).toMatchObject({ truePositives: 2, falsePositives: 2, falseNegatives: 0, trueNegatives: 4 });
    expect(by['humans (strict)'].figures!.precision.estimate).toBe(0.5);
    expect(by['humans (strict)'].figures!.recall.estimate).toBe(1);
    expect(by['humans (lenient)'].figures).toMatchObject({ truePositives: 4, falsePositives: 0, falseNegatives: 2, trueNegatives: 2 });
    expect(by['humans (lenient)'].figures!.recall.estimate).toBeCloseTo(4 / 6, 12);
    // The adjudicated reference leaves the unresolved q3 out and says so.
    expect(by.adjudicated.excluded).toEqual({ unresolved: 1 });
    expect(by.adjudicated.figures!.n).toBe(5);
    // Breakdowns by system (4 + 4 items) and by track.
    expect(res.breakdowns.map((x) => [x.by, x.group, x.report?.nPairableItems])).toEqual([
      ['system', 's1', 4],
      ['system', 's2', 4],
      ['condition.track', 'web', 4],
      ['condition.track', 'math', 4],
    ]);
    // s1 = q0..q3: A C C I C, B C I I I → agree on q0, q2: 2/4.
    expect(res.breakdowns[0].report!.statistics.percentAgreement.estimate).toBeCloseTo(0.5, 12);
  }, 30_000);

  it('passes a population N to the reports over all items (overall, vs adjudicated), not to breakdowns', async () => {
    const db = t.services.db;
    const grades = ['CORRECT', 'INCORRECT', 'CORRECT', 'INCORRECT', 'CORRECT', 'CORRECT'];
    const episodes = grades.map((g, i) => ({ id: `p${i}`, system: i < 3 ? 's1' : 's2', judge: g }));
    const { studyId, ids } = await makeStudy(db, 'P', 'vera', episodes);
    const [c, d] = makeAnnotators(db, ['C', 'D']);
    grades.forEach((g, i) => {
      setLabel(db, { episodeId: ids[`p${i}`], annotatorId: c, field: 'grade', value: g }, now);
      setLabel(db, { episodeId: ids[`p${i}`], annotatorId: d, field: 'grade', value: i === 1 ? 'CORRECT' : g }, now);
    });
    const res = await computeStudyAgreement(db, { studyId, field: 'grade', resamples: 200, population: 60 });
    expect(res.overall.analytic.population).toBe(60);
    expect(res.vsAdjudicated.map((p) => [p.rater, p.report!.analytic.population])).toEqual([
      ['C', 60],
      ['D', 60],
    ]);
    expect(res.breakdowns.map((b) => [b.group, b.report!.analytic.population])).toEqual([
      ['s1', null],
      ['s2', null],
    ]);
  });

  it('refuses a field with fewer than two annotators', async () => {
    const { studyId } = await makeStudy(t.services.db, 'W', 'vera', [{ id: 'x' }]);
    await expect(computeStudyAgreement(t.services.db, { studyId, field: 'grade' })).rejects.toThrow(/at least 2 annotators/);
  });
});

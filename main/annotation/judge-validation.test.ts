import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { TAU_VALIDATION } from '../../test-support/fixture-counts';
import { importPath } from '../importers/import-path';
import { computeJudgeValidation } from './judge-validation';
import { saveJudgeMapping } from './judge-mappings';
import { compareJudges } from '../judge/compare';

const now = new Date('2026-01-02T03:04:05Z');

describe('judge vs humans on the imported τ-Elicitation release', () => {
  let t: TempServices;
  let studyId: number;
  beforeAll(async () => {
    t = await tempServices({ demo: false });
    studyId = (await importPath(t.services.db, fixture('tau-elicitation'), 'tau-elicitation', { now })).study.id;
  }, 60_000);
  afterAll(() => t.cleanup());

  // Reference coefficients computed independently (Python, from validation.csv's call rows: human positive =
  // human_severity_* > 0, judge positive = judge_label 1); the counts are recounted by
  // scripts/recount/tau-validation.mjs (TAU_VALIDATION.judge).
  const { judge } = TAU_VALIDATION;
  it('severity ≥ 1 ↔ flagged: each annotator, and the pooled humans whose recall metrics.json publishes', () => {
    const v = computeJudgeValidation(t.services.db, { studyId, field: 'severity', resamples: 500 });
    expect(v.unmapped).toBeNull();
    const r = v.results.find((x) => x.mapping.key === 'severity>=1')!;
    const by = Object.fromEntries(r.comparisons.map((c) => [c.reference, c.figures!]));
    expect(by.A).toMatchObject({ n: TAU_VALIDATION.calls, ...judge.A });
    expect(by.A.cohenKappa.estimate).toBeCloseTo(0.6472248353715898, 12);
    expect(by.A.gwetAc1.estimate).toBeCloseTo(0.7396059369846367, 12);
    expect(by.A.pabak.estimate).toBeCloseTo(0.7, 12);
    expect(by.B).toMatchObject(judge.B);
    expect(by['humans (strict)']).toMatchObject(judge.strict);
    expect(by['humans (lenient)']).toMatchObject(judge.lenient);
    const published = JSON.parse(readFileSync(fixture('tau-elicitation/judge_validation/metrics.json'), 'utf8'));
    expect(by['humans (strict)'].recall.estimate).toBeCloseTo(published.strict.recall, 12);
    expect(by['humans (lenient)'].recall.estimate).toBeCloseTo(published.lenient.recall, 12);
    expect(by.A.cohenKappa.low!).toBeLessThan(by.A.cohenKappa.estimate!);
    const s2 = v.results.find((x) => x.mapping.key === 'severity>=2')!;
    expect(s2.comparisons.find((c) => c.reference === 'A')!.figures).toMatchObject(judge.severity2A);
  }, 30_000);

  it("the release's metrics.json figures come out of the imported rows, each beside the value the release states", () => {
    const v = computeJudgeValidation(t.services.db, { studyId, field: 'severity', resamples: 200 });
    const part = v.release.find((p) => p.file === 'judge_validation/validation.csv')!;
    const published = JSON.parse(readFileSync(fixture('tau-elicitation/judge_validation/metrics.json'), 'utf8'));
    const figure = (key: string) => part.figures.find((f) => f.key === key)!;
    for (const pooling of ['strict', 'lenient']) {
      for (const s of ['precision', 'recall', 'f1']) {
        expect(figure(`${pooling}.${s}`).computed).toBeCloseTo(published[pooling][s], 12);
        expect(figure(`${pooling}.${s}`).stated).toBe(published[pooling][s]);
      }
    }
    expect(figure('finding_decision_agreement').computed).toBeCloseTo(published.finding_decision_agreement, 12);
    for (const [k, n] of Object.entries(published.counts)) expect(figure(`counts.${k}`).computed).toBe(n);
    expect(figure('finding_decision_kappa')).toMatchObject({
      computed: null,
      stated: published.finding_decision_kappa,
    });
  });

  it('the fidelity cohort: judge vs the final human label under both definitions, counts equal to the file’s own columns', () => {
    const v = computeJudgeValidation(t.services.db, { studyId, field: 'severity', resamples: 200 });
    const part = v.release.find((p) => p.file.endsWith('fidelity_validation_60/utterances.csv'))!;
    // Counts recounted from utterances.csv's booleans by scripts/recount/tau-validation.mjs (TAU_VALIDATION.fidelity).
    const { fidelity } = TAU_VALIDATION;
    expect(part.units).toBe(`${fidelity.utterances} agent utterances of ${fidelity.calls} calls`);
    for (const f of part.figures) expect(f.computed).toBe(f.stated);
    const [ge2, any] = part.definitions.map((d) => d.figures);
    expect(ge2).toMatchObject(fidelity.severity2);
    expect(ge2.precision.estimate).toBeCloseTo(0.8, 12);
    expect(ge2.cohenKappa.estimate).toBeCloseTo(0.6956521739130433, 12);
    expect(any).toMatchObject(fidelity.anyFinding);
    expect(part.notes.join(' ')).toMatch(/inter-rater agreement cannot be computed/);
    const imported = `${fidelity.withTranscript} of ${fidelity.utterances} utterances belong to calls imported with their transcript`;
    expect(part.notes.join(' ')).toContain(imported);
    const failure = v.release.find((p) => p.file.endsWith('human_failure_validation_90/metrics.json'))!;
    expect(failure.figures.find((f) => f.key === 'error_source.agent.share')).toMatchObject({
      computed: null,
      stated: 0.9,
    });
  });

  it('a field no judge maps to gets a sentence, not a number; a study mapping makes it comparable', () => {
    const before = computeJudgeValidation(t.services.db, { studyId, field: 'error_source', resamples: 200 });
    expect(before.results).toEqual([]);
    expect(before.unmapped).toMatch(/No judge output is mapped to "error_source"/);
    saveJudgeMapping(
      t.services.db,
      studyId,
      {
        key: 'error_source:any',
        label: 'any error source ↔ flagged',
        field: 'error_source',
        judgeId: 'tau-elicit-speech-judge-validation',
        output: 'label',
        kind: 'binary',
        judgePositive: ['flagged'],
        judgeNegative: ['not_flagged'],
        humanPositive: ['agent', 'user', 'system'],
        humanNegative: ['no_error'],
        categories: {},
      },
      now,
    );
    const after = computeJudgeValidation(t.services.db, { studyId, field: 'error_source', resamples: 200 });
    expect(after.unmapped).toBeNull();
    expect(after.results[0].mapping.source).toBe('study');
    expect(after.results[0].comparisons.find((c) => c.reference === 'A')!.figures!.n).toBe(TAU_VALIDATION.calls);
  });

  it("`earshot judges` compares under the field's mapping, and prints no number for a field no mapping relates", () => {
    const severity = compareJudges(t.services.db, studyId, 'severity').judges.find(
      (j) => j.judgeId === 'tau-elicit-speech-judge-validation',
    )!;
    expect(severity.mapping).toMatch(/severity ≥ 1/);
    // Agreement = (TP + TN) / calls of A against the judge: (23 + 62) / 100 = 0.85.
    const { truePositives, trueNegatives } = TAU_VALIDATION.judge.A;
    const agreement = (truePositives + trueNegatives) / TAU_VALIDATION.calls;
    expect(severity.perAnnotator.find((p) => p.annotator === 'A')).toMatchObject({
      n: TAU_VALIDATION.calls,
      agreement,
    });
    const source = compareJudges(t.services.db, studyId, 'error_subtype').judges[0];
    expect(source.unmapped).toMatch(/different value spaces/);
    expect(source.perAnnotator.every((p) => p.agreement === null && p.kappa === null)).toBe(true);
  });
});

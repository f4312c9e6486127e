import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_VALIDATION } from '../../../test-support/fixture-counts';
import { InputFieldError } from './csv-lines';
import { tauJudgeValidation } from './tau-judge-validation';

const csvPath = fixture('tau-elicitation', 'judge_validation', 'validation.csv');
const csv = readFileSync(csvPath, 'utf8');
const published = JSON.parse(readFileSync(fixture('tau-elicitation', 'judge_validation', 'metrics.json'), 'utf8'));
const result = tauJudgeValidation(csv, 'validation.csv');

/** Every number in `actual` equals the number at the same path in `expected` to within 1e-12. */
function expectSameNumbers(actual: unknown, expected: unknown, path = ''): void {
  if (typeof actual === 'number') {
    expect(typeof expected, path).toBe('number');
    expect(Math.abs(actual - (expected as number)), path).toBeLessThan(1e-12);
    return;
  }
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  expect(Object.keys(a).sort(), path).toEqual(Object.keys(e).sort());
  for (const key of Object.keys(a)) expectSameNumbers(a[key], e[key], `${path}.${key}`);
}

describe('τ-Elicitation judge validation', () => {
  it('reproduces counts, strict and lenient precision/recall/F1 and finding agreement of metrics.json', () => {
    const { counts, strict, lenient, finding_decision_agreement } = published;
    expectSameNumbers(result.metrics, { counts, strict, lenient, finding_decision_agreement });
  });

  it('covers every metric of metrics.json except finding_decision_kappa', () => {
    const provenance = ['schema_version', 'unit_contract', 'source_files', 'source_run'];
    const metricKeys = Object.keys(published).filter((k) => !provenance.includes(k));
    expect(metricKeys.filter((k) => !(k in result.metrics))).toEqual(['finding_decision_kappa']);
  });

  it("shows finding_decision_kappa is one of the Cohen's κ values the vote counts allow, but not which", () => {
    const kappas = result.findingDecisionKappaCandidates.map((c) => c.kappa);
    // 5 findings have exactly one positive vote: 6 ways to divide them between the annotators, 3 distinct κ values.
    expect(kappas).toHaveLength(6);
    expect(new Set(kappas.map((k) => k.toFixed(12))).size).toBe(3);
    const matching = result.findingDecisionKappaCandidates.filter((c) => Math.abs(c.kappa - published.finding_decision_kappa) < 1e-12);
    expect(matching.map((c) => [c.onlyFirstPositive, c.onlySecondPositive])).toEqual([
      [1, 4],
      [4, 1],
    ]);
    // Fleiss' κ (Scott's π) needs only the votes and differs from the published Cohen's κ. By hand: 41 findings,
    // 30 both positive, 6 both negative, 5 split; π_yes = 65/82; p_e = (65² + 17²)/82² = 4514/6724; p_o = 36/41 = 5904/6724;
    // κ = (5904 − 4514)/(6724 − 4514) = 139/221.
    expect(result.findingDecisionFleissKappa).toBeCloseTo(139 / 221, 12);
    expect(Math.abs(result.findingDecisionFleissKappa - published.finding_decision_kappa)).toBeGreaterThan(1e-3);
  });

  it('gives call-level agreement and κ of each annotator with the judge (independent Python computation)', () => {
    // Agreement = agreeing calls / calls, recounted by scripts/recount/tau-validation.mjs: against the judge TP + TN of
    // each annotator's severity > 0 (23 + 62, 25 + 62), A against B the calls where both or neither have severity > 0.
    const { calls, judge, agreement } = TAU_VALIDATION;
    const agreeing = (c: { truePositives: number; trueNegatives: number }) =>
      (c.truePositives + c.trueNegatives) / calls;
    expect(result.callLevel.annotatorAVsJudge).toMatchObject({ n: calls, agreement: agreeing(judge.A) });
    expect(result.callLevel.annotatorAVsJudge.kappa).toBeCloseTo(0.6472248353715898, 12);
    expect(result.callLevel.annotatorBVsJudge).toMatchObject({ n: calls, agreement: agreeing(judge.B) });
    expect(result.callLevel.annotatorBVsJudge.kappa).toBeCloseTo(0.6990740740740741, 12);
    const bothOrNeither = agreement.severityPositiveAgreeing / calls;
    expect(result.callLevel.annotatorAVsB).toMatchObject({ n: calls, agreement: bothOrNeither });
    expect(result.callLevel.annotatorAVsB.kappa).toBeCloseTo(0.6116504854368932, 12);
  });

  it('refuses inconsistent rows, naming file, line and field', () => {
    const lines = csv.split('\n');
    const callLine = lines.findIndex((l) => l.startsWith('call,') && l.includes(',speech_fidelity_any,,,0,0,,0,0,0,0,0,'));
    const broken = [...lines];
    broken[callLine] = broken[callLine].replace(',speech_fidelity_any,,,0,0,,0,0,0,0,0,', ',speech_fidelity_any,,,0,0,,1,0,0,0,0,');
    const err = (() => {
      try {
        tauJudgeValidation(broken.join('\n'), 'validation.csv');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InputFieldError);
    expect(err).toMatchObject({ file: 'validation.csv', field: 'human_lenient_label' });
    expect((err as InputFieldError).line).toBeGreaterThan(1);
  });
});

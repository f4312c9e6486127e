/** The τ metrics on the real τ-Elicitation transcripts (gemini_high, agent-directed), against the archive's published values. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_ELICITATION } from '../../../test-support/fixture-counts';
import { captureAccuracy } from './capture-accuracy';
import { crossEnvironmentPass } from './cross-environment-pass';
import type { EpisodeOutcome } from './episode-outcome';
import { extractFieldCaptures } from './field-captures';
import type { IntakeCall } from './intake-call';
import { successRates } from './success-rate';
import { byCondition, byDifficulty, countVerificationEvents, verificationEffort } from './verification-effort';
import { verificationRepair } from './verification-repair';

/** The three cells and the condition names results/manifest.csv gives them. */
const CELLS = [
  ['regular', 'regular'],
  ['chanheavy', 'noise_heavy'],
  ['speechheavy', 'speech_heavy'],
] as const;

interface CompactTurn { source: string; tool_name: string | null; tool_arguments: unknown }
interface CompactLine { task_id: string; trial: number; reward: number | null; evaluation_fields: Record<string, string>; turns: CompactTurn[] }

/** Minimal JSONL reading: one compact transcript per line → an IntakeCall plus its reward. */
function readCell(token: string, environment: string): { call: IntakeCall; outcome: EpisodeOutcome }[] {
  const path = fixture('tau-elicitation', 'transcripts', `main_runs__modeb_gemini_high_${token}_2026-09-02.jsonl`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as CompactLine;
      const condition = { environment, strategy: 'agent_directed' };
      const turns = row.turns.map((t) => ({ source: t.source, toolName: t.tool_name, toolArguments: t.tool_arguments }));
      return {
        call: { task: row.task_id, system: 'gemini_high', condition, evaluationFields: row.evaluation_fields, turns },
        outcome: { task: row.task_id, system: 'gemini_high', condition, trial: row.trial, reward: row.reward },
      };
    });
}

const rows = CELLS.flatMap(([token, environment]) => readCell(token, environment));
const outcomes = rows.map((r) => r.outcome);
const calls = rows.map((r) => r.call);
const regularCalls = calls.filter((c) => c.condition.environment === 'regular');
// Every count below is recounted from the raw files by scripts/recount/tau-elicitation.mjs (TAU_ELICITATION).
const { passes, effort, regular: counts } = TAU_ELICITATION;
const tasks = TAU_ELICITATION.tasksPerCell;

describe('τ-Elicitation fixtures: pass rates', () => {
  it('reproduces the per-cell Pass@1 103/200, 74/200, 89/200 (results/manifest.csv)', () => {
    expect(successRates(outcomes).map((r) => [r.condition.environment, r.success.numerator, r.success.denominator, r.unscored])).toEqual([
      ['regular', passes.regular, tasks, 0],
      ['noise_heavy', passes.noise_heavy, tasks, 0],
      ['speech_heavy', passes.speech_heavy, tasks, 0],
    ]);
  });

  it('reproduces crossed Pass^3 = 27/200 = 0.135', () => {
    const [row] = crossEnvironmentPass(outcomes);
    expect(row.condition).toEqual({ strategy: 'agent_directed' });
    expect(row.passAll).toEqual({ numerator: TAU_ELICITATION.passAllThree, denominator: tasks, value: 0.135 });
    expect(row.incomplete).toEqual([]);
    expect(row.duplicated).toEqual([]);
  });

  it('reports, not drops, a task missing from one environment', () => {
    const dropped = outcomes.filter((o) => !(o.task === 'intake_dates_easy_03' && o.condition.environment === 'speech_heavy'));
    const [row] = crossEnvironmentPass(dropped);
    expect(row.passAll.denominator).toBe(tasks - 1);
    expect(row.incomplete).toEqual([{ task: 'intake_dates_easy_03', missing: ['speech_heavy'] }]);
  });
});

describe('τ-Elicitation fixtures: capture and verification (regular cell)', () => {
  const captures = regularCalls.flatMap(extractFieldCaptures);

  it('first-capture versus final-value accuracy', () => {
    // Published: "Attempt-1 wrong … gemini 129/199" → 199 gold fields, 22 never logged, 199 − 22 − 129 = 48 right first.
    const accuracy = captureAccuracy(captures);
    const c = counts.capture;
    expect(accuracy.fields).toBe(c.fields);
    expect(accuracy.firstMissing).toBe(c.firstMissing);
    expect(accuracy.first.numerator).toBe(c.firstRight);
    expect(accuracy.final.numerator).toBe(c.finalRight);
    expect([accuracy.repaired, accuracy.regressed]).toEqual([c.repaired, c.regressed]);
  });

  it('verification discrimination and repair match the archive (.643 / .500 / .373 / .109)', () => {
    const r = verificationRepair(captures);
    const c = counts.capture;
    const unverified = c.firstWrong - c.verifiedFirstWrong;
    const pair = (x: { numerator: number; denominator: number }) => [x.numerator, x.denominator];
    expect(pair(r.verifiedGivenFirstWrong)).toEqual([c.verifiedFirstWrong, c.firstWrong]);
    expect(r.verifiedGivenFirstRight).toEqual({ numerator: c.verifiedFirstRight, denominator: c.firstRight, value: 0.5 });
    expect(pair(r.repairedGivenVerified)).toEqual([c.repairedVerified, c.verifiedFirstWrong]);
    expect(pair(r.repairedGivenUnverified)).toEqual([c.repairedUnverified, unverified]);
    expect(r.verifiedGivenFirstWrong.value).toBeCloseTo(0.643, 3);
    expect(r.repairedGivenVerified.value).toBeCloseTo(0.373, 3);
    expect(r.repairedGivenUnverified.value).toBeCloseTo(0.109, 3);
  });

  it('verification effort by environment: read-backs .815 per regular call, 87/200 calls with one (published)', () => {
    const byEnv = verificationEffort(calls, byCondition());
    const environments = ['regular', 'noise_heavy', 'speech_heavy'] as const;
    expect(byEnv.map((r) => [r.group, r.calls, r.spellRequests, r.readBacks])).toEqual(
      environments.map((env) => [env, effort[env].calls, effort[env].spellRequests, effort[env].readBacks]),
    );
    expect(byEnv[0].readBacks / byEnv[0].calls).toBeCloseTo(0.815, 10);
    // Published adaptivity delta (noise-heavy − regular read-backs per call) for Gemini: −0.12 (138/200 − 163/200 = −0.125).
    expect(byEnv[1].readBacks / 200 - byEnv[0].readBacks / 200).toBeCloseTo(-0.125, 10);
    const events = regularCalls.map((c) => countVerificationEvents(c.turns));
    expect(events.filter((e) => e.readBacks > 0)).toHaveLength(counts.callsWithReadBack);
    expect(events.filter((e) => e.spellRequests > 0)).toHaveLength(counts.callsWithSpellRequest);
  });

  it('verification effort by difficulty (regular cell)', () => {
    const { easy, hard } = counts.byDifficulty;
    expect(verificationEffort(regularCalls, byDifficulty).map((r) => [r.group, r.calls, r.spellRequests, r.readBacks])).toEqual([
      ['easy', easy.calls, easy.spellRequests, easy.readBacks],
      ['hard', hard.calls, hard.spellRequests, hard.readBacks],
    ]);
  });
});

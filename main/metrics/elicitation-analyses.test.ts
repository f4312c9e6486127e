/**
 * τ-Elicitation's voice, realism and recovery analyses on the real reproduction archive (imported into a temp
 * database), checked against the paper's reported values and against the raw transcripts read here without the importer.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { TAU_ELICITATION } from '../../test-support/fixture-counts';
import { importStudy } from '../../test-support/import-study';
import { studyMetrics } from './study-metrics';
import type { StudyMetrics, TauSection } from '../../shared/types/metrics';

interface RawCall {
  task_id: string;
  reward: number;
  duration_seconds: number;
  complication: { kind: string } | null;
  speech_environment: { persona_name: string };
  turns: { source: string; tool_name: string | null }[];
}
/** One cell's compact transcripts, read line by line. */
const raw = (token: string): RawCall[] =>
  readFileSync(
    fixture('tau-elicitation', 'transcripts', `main_runs__modeb_gemini_high_${token}_2026-09-02.jsonl`),
    'utf8',
  )
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RawCall);

let t: TempServices;
let m: StudyMetrics;
let tau: TauSection;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  const id = await importStudy(t.services, fixture('tau-elicitation'), 'τ-Elicitation');
  m = studyMetrics(t.services.db, id, { resamples: 1000 });
  tau = m.tau[0];
});
afterAll(() => t.cleanup());

describe('success by caller voice (gemini_high, agent-directed, regular)', () => {
  const regular = () => tau.callerVoice.find((c) => c.condition.environment === 'regular')!;

  it('Wei .686 vs Priya .409, as the raw transcripts give (paper: Wei 35 calls .686, Priya 44 calls .409)', () => {
    const calls = raw('regular');
    const share = (voice: string) => {
      const mine = calls.filter((c) => c.speech_environment.persona_name === voice);
      return [mine.filter((c) => c.reward === 1).length, mine.length];
    };
    // scripts/recount/tau-elicitation.mjs recounts the same shares (TAU_ELICITATION.regular.voices).
    expect(share('wei_lin')).toEqual(TAU_ELICITATION.regular.voices.wei_lin);
    expect(share('priya_patil')).toEqual(TAU_ELICITATION.regular.voices.priya_patil);
    const voices = regular().voices;
    expect(voices.map((v) => v.voice)).toEqual([
      'wei_lin',
      'mildred_kaplan',
      'mamadou_diallo',
      'arjun_roy',
      'priya_patil',
    ]);
    expect([voices[0].success.numerator, voices[0].success.denominator]).toEqual(share('wei_lin'));
    expect([voices[4].success.numerator, voices[4].success.denominator]).toEqual(share('priya_patil'));
    expect(voices[0].success.value!.toFixed(3)).toBe('0.686');
    expect(voices[4].success.value!.toFixed(3)).toBe('0.409');
  });

  it('spread 28 points; no pair survives Holm (smallest adjusted p .212, paper .212); omnibus p .0139 (MC .0134)', () => {
    const cell = regular();
    expect(Math.round(cell.spread! * 100)).toBe(28);
    expect(cell.contrasts).toHaveLength(10);
    expect(Math.min(...cell.contrasts.map((c) => c.holmP!)).toFixed(3)).toBe('0.212');
    expect(cell.omnibusP).toBeCloseTo(0.013949810625063617, 10);
    // Holm over the three environments' omnibus tests of this system (the paper's runs across three systems).
    expect(cell.omnibusHolmP!).toBeGreaterThanOrEqual(cell.omnibusP!);
  });

  it('effort by voice (environments pooled) equals the raw note_spell_request and note_readback counts', () => {
    const calls = ['regular', 'chanheavy', 'speechheavy']
      .flatMap(raw)
      .filter((c) => c.speech_environment.persona_name === 'priya_patil');
    const count = (tool: string) =>
      calls.reduce(
        (n, c) => n + c.turns.filter((x) => x.source === 'user_tool_event' && x.tool_name === tool).length,
        0,
      );
    const row = tau.verification.byVoice.find(
      (r) => r.group === 'priya_patil' && r.condition.strategy === 'agent_directed',
    )!;
    expect([row.calls, row.spellRequests, row.readBacks]).toEqual([
      calls.length,
      count('note_spell_request'),
      count('note_readback'),
    ]);
  });
});

describe('caller-realism assignment effects (one arm: gemini_high agent-directed, 600 units)', () => {
  // Reference values: the same estimator written independently in Python over the three raw transcript files
  // (stratum = environment × entity bank, probabilities = the stratum's assignment shares, Hájek per environment).
  const PYTHON: [string | null, number][] = [
    [null, -0.027860752779053404],
    ['wrong_slot', -0.013471713471713553],
    ['spelling_style', -0.09545742323520089],
    ['self_correction', -0.06164826685660011],
    ['mispronounced_term', -0.01665063331730003],
    ['spell_correction', 0.06058314113869675],
    ['lazy_omission', -0.2922619047619048],
  ];

  it('one unit per task and environment; realisms in the paper’s order; estimates equal the Python reference', () => {
    const [arm] = tau.realism;
    expect([arm.units, arm.conflicting, arm.systems]).toEqual([600, 0, ['gemini_high']]);
    expect(arm.condition).toEqual({ strategy: 'agent_directed' });
    expect(arm.effects.map((r) => r.kind)).toEqual(PYTHON.map(([kind]) => kind));
    arm.effects.forEach((r, i) => expect(r.effect.estimate).toBeCloseTo(PYTHON[i][1], 12));
  });

  it('a kind with fewer than 10 eligible assigned units is greyed and untested; Holm over the six tested rows', () => {
    const [arm] = tau.realism;
    const lazy = arm.effects.find((r) => r.kind === 'lazy_omission')!;
    expect([lazy.belowMinimum, lazy.p, lazy.holmP]).toEqual([true, null, null]);
    const tested = arm.effects.filter((r) => r.p !== null);
    expect(tested).toHaveLength(6);
    for (const r of tested) expect(r.holmP!).toBeGreaterThanOrEqual(r.p!);
    // As in the paper, no realism detectably changes exact success.
    expect(Math.min(...tested.map((r) => r.holmP!))).toBeGreaterThan(0.05);
    // The assigned counts are the raw transcripts' kinds in strata that also have clean calls.
    const assigned = ['regular', 'chanheavy', 'speechheavy']
      .flatMap(raw)
      .filter((c) => c.complication?.kind === 'spelling_style').length;
    expect(arm.effects.find((r) => r.kind === 'spelling_style')!.assigned.units).toBeLessThanOrEqual(assigned);
  });

  it('mispronunciation repair cost: +36.97 pp spelling requests and +42.23 s (Python reference)', () => {
    const [spell, seconds] = tau.realism[0].repairCost;
    expect([spell.outcome, seconds.outcome]).toEqual(['spelling_request', 'duration_s']);
    expect(spell.effect.estimate).toBeCloseTo(0.3697330447330447, 12);
    // Earshot keeps durations in whole milliseconds: 42.22586 s from the raw seconds, 42.2259 s after rounding.
    expect(seconds.effect.estimate).toBeCloseTo(42.22586402797157, 3);
    expect(spell.effect.low!).toBeLessThan(spell.effect.estimate!);
    expect([spell.p, seconds.p]).toEqual([null, null]);
  });
});

describe('recovery by repair step (regular cell)', () => {
  it('of 129 wrong first captures: neither 5/46 (paper .109), read-back 14/37, spelling 5/18, both 12/28', () => {
    const rows = tau.recovery.filter((r) => r.condition.environment === 'regular');
    // Recounted from the raw transcripts by scripts/recount/tau-elicitation.mjs (TAU_ELICITATION.regular.recovery).
    const { recovery, capture } = TAU_ELICITATION.regular;
    expect(rows.map((r) => [r.step, r.recovered.numerator, r.recovered.denominator])).toEqual(
      Object.entries(recovery).map(([step, [recovered, fields]]) => [step, recovered, fields]),
    );
    // The verified rows add up to the published 83 verified wrong captures, 31 of them repaired (.373).
    const verified = rows.filter((r) => r.step !== 'neither');
    expect([
      verified.reduce((n, r) => n + r.recovered.denominator, 0),
      verified.reduce((n, r) => n + r.recovered.numerator, 0),
    ]).toEqual([capture.verifiedFirstWrong, capture.repairedVerified]);
    expect(rows[0].interval.estimate).toBeCloseTo(recovery.neither[0] / recovery.neither[1], 12);
  });
});

describe('study hygiene', () => {
  it('the strategy comparison is empty: the examples’ scaffolded calls are a subset, not a results cell', () => {
    // Subset sizes and passes: scripts/recount/tau-elicitation.mjs (TAU_ELICITATION.subsets).
    const { examples, examplePasses, validation, validationPasses } = TAU_ELICITATION.subsets;
    expect(tau.strategy).toEqual({ passAt1: [], passHat3: [] });
    expect(m.tables.find((x) => x.id === 'tau-elicitation-subsets')!.rows).toEqual([
      {
        subset: 'example',
        episodes: examples,
        success: `${examplePasses}/${examples}`,
        successRate: examplePasses / examples,
      },
      {
        subset: 'validation',
        episodes: validation,
        success: `${validationPasses}/${validation}`,
        successRate: validationPasses / validation,
      },
    ]);
  });

  it('no table row is for “(no system)”', () => {
    for (const table of m.tables.filter((x) => x.section === 'tau-elicitation')) {
      for (const row of table.rows) expect(row.system ?? '').not.toBe('(no system)');
    }
  });
});

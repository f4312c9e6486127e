/** VERA tables assembled from the real VERA episodes with grader outputs written beside them, against hand-computed values. */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { percentileBootstrap } from '../stats/benchmarks/index';
import { studyMetrics } from './study-metrics';
import { importStudy, writeJsonl } from '../../test-support/import-study';

const ITEMS = ['vera_aime_0a923d23', 'vera_browsecomp_9c79d2a8', 'vera_gpqadiamond_fa834623', 'vera_mrcr_00c44580', 'vera_simpleqa_0a9d56e1'];
const GRADES: Record<string, string[]> = {
  'gpt-realtime': ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED', 'CORRECT', 'INCORRECT'],
  'gpt-4o-text': ['CORRECT', 'CORRECT', 'CORRECT', 'INCORRECT', 'CORRECT'],
  'gemini-live': ['INCORRECT', 'INCORRECT', 'INCORRECT', 'INCORRECT', 'CORRECT'],
};

let t: TempServices;
let dir: string;
let studyId: number;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-vera-metrics-'));
  copyFileSync(fixture('vera', 'test_voice_episodes', 'test.json'), join(dir, 'test.json'));
  for (const [model, labels] of Object.entries(GRADES)) {
    const grades = labels.map((label, i) => ({ episode_id: ITEMS[i], label, model, predicted_answer: 'x' }));
    writeFileSync(join(dir, `${model}_vera_grades_llm.json`), JSON.stringify({ grades }));
  }
  studyId = await importStudy(t.services, join(dir, 'test.json'), 'VERA graded');
});
afterAll(() => {
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('VERA accuracy per track and macro average', () => {
  it('NOT_ATTEMPTED as incorrect (default): gpt-realtime 2/5 pooled, macro (1+0+0+1+0)/5 = 0.4', () => {
    const v = studyMetrics(t.services.db, studyId, { resamples: 500 }).vera!;
    expect(v.tracks).toEqual(['mathematical_reasoning', 'web', 'science', 'long_context', 'factual_recall']);
    const rt = v.systems.find((s) => s.system === 'gpt-realtime')!;
    expect(rt.modality).toBe('voice');
    expect(rt.micro).toEqual({ numerator: 2, denominator: 5, value: 0.4 });
    expect(rt.macro).toBeCloseTo(0.4, 12);
    expect(rt.tracks.map((x) => [x.track, x.accuracy.value])).toEqual([
      ['mathematical_reasoning', 1],
      ['web', 0],
      ['science', 0],
      ['long_context', 1],
      ['factual_recall', 0],
    ]);
    expect(v.systems.find((s) => s.system === 'gpt-4o-text')!.modality).toBe('text');
  });

  it('NOT_ATTEMPTED excluded: 2/4 pooled, macro over the four scored tracks = 0.5, science has no value', () => {
    const rt = studyMetrics(t.services.db, studyId, { resamples: 500, notAttempted: 'exclude' }).vera!.systems.find((s) => s.system === 'gpt-realtime')!;
    expect(rt.micro).toEqual({ numerator: 2, denominator: 4, value: 0.5 });
    expect(rt.macro).toBeCloseTo(0.5, 12);
    expect(rt.tracks.find((x) => x.track === 'science')!.accuracy.value).toBeNull();
  });
});

describe('voice–text gap', () => {
  it('gpt-realtime vs gpt-4o-text on the five fixture items: gap 0.4, greyed and untested (fewer than 10 pairs)', () => {
    const v = studyMetrics(t.services.db, studyId, { resamples: 1000 }).vera!;
    const rt = v.gaps.find((g) => g.voiceSystem === 'gpt-realtime')!;
    expect(rt).toMatchObject({ textSystem: 'gpt-4o-text', repeat: 0, unpaired: 0, pooled: { pairs: 5, voiceAccuracy: 0.4, textAccuracy: 0.8 } });
    expect(rt.pooled.gap).toBeCloseTo(0.4, 12);
    expect([rt.pooled.belowMinimum, rt.pooled.test, rt.holmP]).toEqual([true, null, null]);
    // The interval is still given: the paired bootstrap of (text − voice) over the five items.
    const pairs = GRADES['gpt-realtime'].map((g, i) => Number(GRADES['gpt-4o-text'][i] === 'CORRECT') - Number(g === 'CORRECT'));
    expect(rt.pooled.interval).toEqual(percentileBootstrap(pairs, (s) => s.reduce((a, b) => a + b, 0) / s.length, { resamples: 1000, seed: 1 }));
    const tables = studyMetrics(t.services.db, studyId, { resamples: 200 }).tables;
    const pooled = tables.find((x) => x.id === 'vera-voice-text-gap')!;
    expect(pooled.belowMinimum).toEqual([0, 1]);
    expect(pooled.rows.map((r) => r.p)).toEqual([null, null]);
    expect(pooled.note).toContain('fewer than 10 items');
  });

  it('per track (one item each: 0, 1, 1, −1, 1), macro (0 + 1 + 1 − 1 + 1)/5 = 0.4; one-pair tracks get no test', () => {
    const rt = studyMetrics(t.services.db, studyId, { resamples: 200 }).vera!.gaps.find((g) => g.voiceSystem === 'gpt-realtime')!;
    expect(rt.tracks.map((x) => [x.track, x.pairs, x.gap, x.belowMinimum, x.test, x.holmP])).toEqual([
      ['mathematical_reasoning', 1, 0, true, null, null],
      ['web', 1, 1, true, null, null],
      ['science', 1, 1, true, null, null],
      ['long_context', 1, -1, true, null, null],
      ['factual_recall', 1, 1, true, null, null],
    ]);
    expect(rt.macro.gap).toBeCloseTo(0.4, 12);
    expect(rt.macro.textAccuracy).toBeCloseTo(0.8, 12);
  });

  it('12 items: A b = 5, c = 1, exact p = 2·7/64 = 0.21875, χ² = (4 − 1)²/6 = 1.5; B b = 3, c = 2, p = 1; Holm (0.4375, 1)', async () => {
    // text T right on q0–q9; voice A right on q0–q4 and q10; voice B right on q3–q11.
    const system = (name: string, right: (i: number) => boolean) =>
      Array.from({ length: 12 }, (_, i) => ({
        schema: 'earshot-episode-v1', id: `q${i}@${name}`, system: name, task: `q${i}`, condition: { track: 'web' },
        judgements: [{ judge_id: 'g', label: right(i) ? 'CORRECT' : 'INCORRECT' }],
      }));
    const jsonl = writeJsonl(dir, 'vera-mcnemar.jsonl', [
      { schema: 'earshot-study-v1', name: 'VERA McNemar', benchmark: 'vera' },
      ...system('T', (i) => i < 10),
      ...system('A', (i) => i < 5 || i === 10),
      ...system('B', (i) => i >= 3),
    ]);
    const id = await importStudy(t.services, jsonl, 'VERA McNemar');
    const { gaps } = studyMetrics(t.services.db, id, { resamples: 200, textSystems: ['T'] }).vera!;
    const row = (voice: string) => gaps.find((g) => g.voiceSystem === voice)!;
    const [a, b] = [row('A'), row('B')];
    expect([a.pooled.pairs, a.pooled.belowMinimum, a.pooled.test!.b, a.pooled.test!.c]).toEqual([12, false, 5, 1]);
    expect(a.pooled.gap).toBeCloseTo(1 / 3, 12);
    expect(a.pooled.test!.exactP).toBeCloseTo(0.21875, 12);
    expect(a.pooled.test!.chiSquare).toBeCloseTo(1.5, 12);
    expect([b.pooled.test!.b, b.pooled.test!.c]).toEqual([3, 2]);
    expect(b.pooled.test!.exactP).toBeCloseTo(1, 12);
    expect(b.pooled.gap).toBeCloseTo(1 / 12, 12);
    expect(a.holmP).toBeCloseTo(0.4375, 12);
    expect(b.holmP).toBeCloseTo(1, 12);
  });

  it('textSystems marks a system as text', () => {
    const v = studyMetrics(t.services.db, studyId, { resamples: 200, textSystems: ['gemini-live'] }).vera!;
    expect(v.gaps.map((g) => `${g.voiceSystem}→${g.textSystem}`).sort()).toEqual(['gpt-realtime→gemini-live', 'gpt-realtime→gpt-4o-text']);
  });
});

describe('latency–accuracy points', () => {
  it('p50 / mean / p95 (type 7) of info.latency_ms per system beside its accuracy', async () => {
    const jsonl = writeJsonl(dir, 'vera-latency.jsonl', [
      { schema: 'earshot-study-v1', name: 'VERA latency', benchmark: 'vera' },
      ...[100, 200, 600].map((ms, i) => ({
        schema: 'earshot-episode-v1', id: `q${i}@fast`, system: 'fast', task: `q${i}`, condition: { track: 'web' }, info: { latency_ms: ms },
        judgements: [{ judge_id: 'g', label: i === 0 ? 'CORRECT' : 'INCORRECT' }],
      })),
    ]);
    const id = await importStudy(t.services, jsonl, 'VERA latency');
    const [point] = studyMetrics(t.services.db, id, { resamples: 100 }).vera!.scatter;
    // h = (3 − 1)·0.95 = 1.9 → 200 + 0.9·(600 − 200) = 560.
    expect(point).toMatchObject({ system: 'fast', accuracy: 1 / 3, latency: { n: 3, missing: 0, p50: 200, mean: 300 } });
    expect(point.latency.p95).toBeCloseTo(560, 9);
    expect(point.frontier).toBe(true);
  });

  it('marks the Pareto frontier: a system both slower and less accurate than another is off it', async () => {
    // fast 300 ms 1/2, slow 900 ms 1/1, laggard 1000 ms 0/2 (slow beats it on both), mute: no latency at all.
    const system = (name: string, ms: number | null, labels: string[]) =>
      labels.map((label, i) => ({
        schema: 'earshot-episode-v1', id: `q${i}@${name}`, system: name, task: `q${i}`, condition: { track: 'web' },
        info: ms === null ? {} : { latency_ms: ms }, judgements: [{ judge_id: 'g', label }],
      }));
    const jsonl = writeJsonl(dir, 'vera-pareto.jsonl', [
      { schema: 'earshot-study-v1', name: 'VERA Pareto', benchmark: 'vera' },
      ...system('fast', 300, ['CORRECT', 'INCORRECT']),
      ...system('slow', 900, ['CORRECT', 'CORRECT']),
      ...system('laggard', 1000, ['INCORRECT', 'INCORRECT']),
      ...system('mute', null, ['CORRECT', 'CORRECT']),
    ]);
    const id = await importStudy(t.services, jsonl, 'VERA Pareto');
    const { scatter } = studyMetrics(t.services.db, id, { resamples: 100 }).vera!;
    const frontier = Object.fromEntries(scatter.map((p) => [p.system, p.frontier]));
    expect(frontier).toEqual({ fast: true, slow: true, laggard: false, mute: false });
  });
});

describe('voice–text gap with repeats (never skipped)', () => {
  // Text (one trial): m1 m2 w1 right, w2 wrong. Voice trial 0: m1 right; trial 1: m1 m2 w2 right.
  // Repeat 0: math 1 − 1/2, web 1/2 − 0 → gaps 0.5, 0.5; pooled 3/4 − 1/4 = 0.5.
  // Repeat 1: math 1 − 1, web 1/2 − 1/2 → 0, 0; pooled 0.
  // Mean over repeats (item scores averaged): voice m1 1, m2 ½, w1 0, w2 ½ → math 1 − ¾, web ½ − ¼ → 0.25 each;
  // pooled 0.25 = the mean of the per-repeat gaps; no McNemar.
  let id: number;
  beforeAll(async () => {
    const line = (system: string, item: string, trial: number, label: string) => ({
      schema: 'earshot-episode-v1', id: `${item}@${system}#${trial}`, system, task: item, trial,
      condition: { track: item.startsWith('m') ? 'mathematical_reasoning' : 'web' }, judgements: [{ judge_id: 'g', label }],
    });
    const voice = { 0: ['CORRECT', 'INCORRECT', 'INCORRECT', 'INCORRECT'], 1: ['CORRECT', 'CORRECT', 'INCORRECT', 'CORRECT'] };
    const items = ['m1', 'm2', 'w1', 'w2'];
    const jsonl = writeJsonl(dir, 'vera-repeats.jsonl', [
      { schema: 'earshot-study-v1', name: 'VERA repeats', benchmark: 'vera' },
      ...items.map((item, i) => line('model-text', item, 0, i === 3 ? 'INCORRECT' : 'CORRECT')),
      ...Object.entries(voice).flatMap(([trial, labels]) => items.map((item, i) => line('model-voice', item, Number(trial), labels[i]))),
    ]);
    id = await importStudy(t.services, jsonl, 'VERA repeats');
  });

  it('gives one row per repeat and the mean over repeats', () => {
    const gaps = studyMetrics(t.services.db, id, { resamples: 200 }).vera!.gaps;
    // four pairs a row: every row is below the minimum cell size, so none is tested (McNemar: see the 12-item test)
    const shown = gaps.map((g) => [g.repeat, g.pooled.pairs, g.pooled.gap, g.pooled.belowMinimum, g.pooled.test, g.holmP]);
    expect(shown).toEqual([
      [0, 4, 0.5, true, null, null],
      [1, 4, 0, true, null, null],
      ['mean', 4, 0.25, true, null, null],
    ]);
    expect(gaps.map((g) => g.tracks.map((x) => x.gap))).toEqual([[0.5, 0.5], [0, 0], [0.25, 0.25]]);
    expect(gaps.map((g) => g.macro.gap)).toEqual([0.5, 0, 0.25]);
  });
});

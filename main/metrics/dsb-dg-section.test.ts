/** DSB-DG tables from a generic JSONL study (one probe per episode), imported into a temp database, against hand-computed values. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { clusterBootstrap } from '../stats/benchmarks/index';
import { studyMetrics } from './study-metrics';
import { importStudy, writeJsonl } from './test-helpers';
import type { DsbDgSection } from '../../shared/types/metrics';

type Probe = [id: string, tier: string, domain: string, label: string | null, info: Record<string, unknown>, protocol?: string];

const S1: Probe[] = [
  ['p1', 'T1', 'finance', 'grounded', { probe_turn: 1, script: 's1', first_audio_ms: 400 }, 'decay-17'],
  ['p2', 'T1', 'finance', 'intrinsic_hallucination', { probe_turn: 3, script: 's1', first_audio_ms: 600 }, 'decay-17'],
  ['p3', 'T3', 'policy', 'grounded', { probe_turn: 14, script: 's1', first_audio_ms: 800 }, 'decay-17'],
  ['p4', 'T3', 'policy', 'extrinsic_hallucination', { probe_turn: 15, script: 's1', first_audio_ms: 1000, reinjection: 'before' }, 'decay-17'],
  ['p5', 'T3', 'policy', 'grounded', { probe_turn: 16, script: 's1', reinjection: 'after' }, 'decay-17'],
  ['p6', 'T5', 'policy', 'correct_abstention', { answerable: false, script: 's2', first_audio_ms: 500 }],
  ['p7', 'T5', 'policy', 'grounded', { answerable: false, hedged: true, script: 's2', first_audio_ms: 900 }],
  ['p8', 'T5', 'finance', 'false_confidence', { script: 's2', first_audio_ms: 300 }],
  ['p9', 'T1', 'finance', 'correct_abstention', { answerable: true, script: 's2' }],
  ['p10', 'T1', 'finance', null, { script: 's2' }],
];

let t: TempServices;
let dir: string;
let studyId: number;
let d: DsbDgSection;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-dsb-metrics-'));
  const episode = (system: string, [id, tier, domain, label, info, protocol]: Probe) => ({
    schema: 'earshot-episode-v1', id: `${system}-${id}`, system, task: id, condition: { tier, domain, protocol: protocol ?? 'single-turn' }, info,
    // p5 has no first_audio_ms: the delay comes from its turns, 1700 − 1000 = 700 ms.
    turns: id === 'p5' ? [{ speaker: 'user', start_ms: 0, end_ms: 1000, text: 'q' }, { speaker: 'agent', start_ms: 1700, end_ms: 2500, text: 'a' }] : [],
    judgements: label ? [{ judge_id: 'judge', label }] : [],
  });
  const path = writeJsonl(dir, 'dsb.jsonl', [
    { schema: 'earshot-study-v1', name: 'DSB-DG', benchmark: 'dsb-dg' },
    ...S1.map((p) => episode('S1', p)),
    ...(['q1', 'q2'] as const).map((id) => episode('S2', [id, 'T2', 'finance', 'grounded', { script: id, first_audio_ms: 250 }])),
  ]);
  studyId = await importStudy(t.services, path, 'DSB-DG');
  d = studyMetrics(t.services.db, studyId, { resamples: 1000 }).dsbDg!;
});
afterAll(() => {
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('DSB-DG from episodes', () => {
  it('reads 11 probes; the episode without a label is left out', () => {
    expect([d.probes, d.unlabelled]).toEqual([11, 1]);
  });

  it('grounding per system: accuracy 3/7, hallucination 2/7 (1 intrinsic, 1 extrinsic), refusal 1/2, over-refusal 1/7, false confidence 4/9', () => {
    const s1 = d.bySystem.find((r) => r.system === 'S1')!.summary;
    expect([s1.accuracy.numerator, s1.accuracy.denominator]).toEqual([3, 7]);
    expect([s1.hallucination.numerator, s1.hallucination.denominator]).toEqual([2, 7]);
    expect([s1.intrinsic.numerator, s1.extrinsic.numerator]).toEqual([1, 1]);
    expect(s1.refusalOnUnanswerable).toEqual({ numerator: 1, denominator: 2, value: 0.5 });
    expect([s1.refusalOnAnswerable.numerator, s1.refusalOnAnswerable.denominator]).toEqual([1, 7]);
    // p2, p4, p8 (confident wrong answers) + p7 (an answer to an unanswerable probe, hedged or not) over 9 probes.
    expect([s1.falseConfidence.numerator, s1.falseConfidence.denominator]).toEqual([4, 9]);
    expect(d.bySystem.find((r) => r.system === 'S2')!.summary.accuracy.value).toBe(1);
  });

  it('accuracy interval resamples scripts', () => {
    const answerable = [1, 0, 1, 0, 1, 0, 0].map((value, i) => ({ script: i < 5 ? 's1' : 's2', value }));
    const direct = clusterBootstrap(answerable, (p) => p.script, (rows) => rows.reduce((n, r) => n + r.value, 0) / rows.length, { resamples: 1000, seed: 1 });
    expect(d.bySystem.find((r) => r.system === 'S1')!.accuracyInterval).toEqual(direct);
  });

  it('per tier (T1 1/3, T3 2/3, T5 0/1) and per domain (finance 1/4, policy 2/3)', () => {
    const acc = (rows: DsbDgSection['byTier']) => rows.filter((r) => r.system === 'S1').map((r) => [r.group, r.summary.accuracy.numerator, r.summary.accuracy.denominator]);
    expect(acc(d.byTier)).toEqual([['T1', 1, 3], ['T3', 2, 3], ['T5', 0, 1]]);
    expect(acc(d.byDomain)).toEqual([['finance', 1, 4], ['policy', 2, 3]]);
    expect(d.byTier.map((r) => r.system)).toEqual(['S1', 'S1', 'S1', 'S2']);
  });

  it('decay over the decay-script probes: early 1/2, late 2/3, decay −1/6, relative −1/3', () => {
    expect(d.decayProbes).toBe(5);
    const [row] = d.decay;
    expect([row.early.numerator, row.early.denominator, row.late.numerator, row.late.denominator]).toEqual([1, 2, 2, 3]);
    expect(row.decay).toBeCloseTo(-1 / 6, 12);
    expect(row.relativeDecay).toBeCloseTo(-1 / 3, 12);
  });

  it('re-injection benefit: after 1/1 − before 0/1 = 1', () => {
    expect(d.reinjection).toEqual([{ system: 'S1', before: { numerator: 0, denominator: 1, value: 0 }, after: { numerator: 1, denominator: 1, value: 1 }, benefit: 1 }]);
  });

  it('first-audio delay p50 650, mean 650, p95 965 (type 7; p5 from its turns) and QAL = 650 / (3/7)', () => {
    const s1 = d.latency.find((r) => r.system === 'S1')!;
    expect(s1.firstAudio).toMatchObject({ n: 8, missing: 1, p50: 650, mean: 650 });
    expect(s1.firstAudio.p95).toBeCloseTo(965, 9);
    expect(s1.qal).toBeCloseTo(650 / (3 / 7), 9);
  });

  it('QAL options: γ = 2 gives 650 / (3/7)², the p95 statistic 965 / (3/7); decay windows are configurable', () => {
    const g2 = studyMetrics(t.services.db, studyId, { resamples: 100, qalGamma: 2 }).dsbDg!;
    expect(g2.latency[0].qal).toBeCloseTo(650 / (3 / 7) ** 2, 9);
    const p95 = studyMetrics(t.services.db, studyId, { resamples: 100, qalStatistic: 'p95', decayEarly: [1, 1], decayLate: [16, 16] }).dsbDg!;
    expect(p95.latency[0].qal).toBeCloseTo(965 / (3 / 7), 9);
    expect(p95.decay[0].decay).toBe(0);
  });
});

/** DSB-DG tables from a generic JSONL study (one probe per episode), imported into a temp database, against hand-computed values. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { clusterBootstrap } from '../stats/benchmarks/index';
import { studyMetrics } from './study-metrics';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import type { DsbDgSection } from '../../shared/types/metrics';

type Probe = [id: string, tier: string, domain: string, label: string | null, info: Record<string, unknown>, protocol?: string];

const S1: Probe[] = [
  ['p1', 'T1', 'finance', 'grounded', { probe_turn: 1, script: 's1', first_audio_ms: 400 }, 'decay-17'],
  ['p2', 'T1', 'finance', 'intrinsic_hallucination', { probe_turn: 3, script: 's1', first_audio_ms: 600 }, 'decay-17'],
  ['p3', 'T3', 'policy', 'grounded', { probe_turn: 14, script: 's1', first_audio_ms: 800, repeats: 'S1-p1' }, 'decay-17'],
  ['p4', 'T3', 'policy', 'extrinsic_hallucination', { probe_turn: 15, script: 's1', first_audio_ms: 1000, refresh: 'none', question_id: 'qa' }, 'decay-17'],
  ['p5', 'T3', 'policy', 'grounded', { probe_turn: 16, script: 's1', repeats: 'S1-p2', refresh: 'single', question_id: 'qa' }, 'decay-17'],
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

  it('grounding per system: accuracy 3/7, hallucination 2/7 (1 intrinsic, 1 extrinsic), refusal 1/2, over-refusal 1/7, false confidence 0/2', () => {
    const s1 = d.bySystem.find((r) => r.system === 'S1')!.summary;
    expect([s1.accuracy.numerator, s1.accuracy.denominator]).toEqual([3, 7]);
    expect([s1.hallucination.numerator, s1.hallucination.denominator]).toEqual([2, 7]);
    expect([s1.intrinsic.numerator, s1.extrinsic.numerator]).toEqual([1, 1]);
    expect(s1.refusalOnUnanswerable).toEqual({ numerator: 1, denominator: 2, value: 0.5 });
    expect([s1.refusalOnAnswerable.numerator, s1.refusalOnAnswerable.denominator]).toEqual([1, 7]);
    // Over the unanswerable probes p6 (refused) and p7 (answered, but hedged): no confident answer. The confidently
    // wrong answers to answerable probes (p2, p4, p8) count against accuracy, not here.
    expect(s1.falseConfidence).toEqual({ numerator: 0, denominator: 2, value: 0 });
    expect(d.bySystem.find((r) => r.system === 'S2')!.summary.accuracy.value).toBe(1);
  });

  it('FTED per tier: S1 T1 400, 600 (p9 untimed) · T3 800, 1000, 700 (p5 from its turns) · T5 500, 900, 300', () => {
    const rows = d.latencyByTier.map((r) => [r.system, r.tier, r.firstAudio.n, r.firstAudio.missing, r.firstAudio.p50]);
    expect(rows).toEqual([
      ['S1', 'T1', 2, 1, 500],
      ['S1', 'T3', 3, 0, 800],
      ['S1', 'T5', 3, 0, 500],
      ['S2', 'T2', 2, 0, 250],
    ]);
    // Means: (800 + 1000 + 700) / 3 and (500 + 900 + 300) / 3.
    expect(d.latencyByTier[1].firstAudio.mean).toBeCloseTo(2500 / 3, 9);
    expect(d.latencyByTier[2].firstAudio.mean).toBeCloseTo(1700 / 3, 9);
  });

  it('accuracy interval resamples scripts', () => {
    const answerable = [1, 0, 1, 0, 1, 0, 0].map((value, i) => ({ script: i < 5 ? 's1' : 's2', value }));
    const direct = clusterBootstrap(answerable, (p) => p.script, (rows) => rows.reduce((n, r) => n + r.value, 0) / rows.length, { resamples: 1000, seed: 1 });
    expect(d.bySystem.find((r) => r.system === 'S1')!.intervals.accuracy).toEqual(direct);
  });

  it('every rate’s interval resamples scripts among the probes the rate is over', () => {
    const meanOf = (rows: { value: number }[]) => rows.reduce((n, r) => n + r.value, 0) / rows.length;
    const direct = (values: number[], scripts: string[]) =>
      clusterBootstrap(values.map((value, i) => ({ script: scripts[i], value })), (p) => p.script, meanOf, {
        resamples: 1000,
        seed: 1,
      });
    const s1 = d.bySystem.find((r) => r.system === 'S1')!.intervals;
    // answers given: p1–p5 (script s1), p7, p8 (s2); hallucinated p2 (intrinsic), p4 (extrinsic)
    const scripts = ['s1', 's1', 's1', 's1', 's1', 's2', 's2'];
    expect(s1.hallucination).toEqual(direct([0, 1, 0, 1, 0, 0, 0], scripts));
    expect(s1.intrinsic).toEqual(direct([0, 1, 0, 0, 0, 0, 0], scripts));
    // unanswerable: p6 (refused), p7 (answered, hedged), both of script s2: one cluster, so the interval is the value
    expect([s1.refusalOnUnanswerable.low, s1.refusalOnUnanswerable.high]).toEqual([0.5, 0.5]);
    expect([s1.falseConfidence.low, s1.falseConfidence.high]).toEqual([0, 0]);
    // T3: answerable p3 (right), p4 (wrong), p5 (right), all of s1
    const t3 = d.byTier.find((r) => r.system === 'S1' && r.group === 'T3')!.intervals.accuracy;
    expect([t3.low, t3.high]).toEqual([2 / 3, 2 / 3]);
  });

  it('per tier (T1 1/3, T3 2/3, T5 0/1) and per domain (finance 1/4, policy 2/3)', () => {
    const acc = (rows: DsbDgSection['byTier']) => rows.filter((r) => r.system === 'S1').map((r) => [r.group, r.summary.accuracy.numerator, r.summary.accuracy.denominator]);
    expect(acc(d.byTier)).toEqual([['T1', 1, 3], ['T3', 2, 3], ['T5', 0, 1]]);
    expect(acc(d.byDomain)).toEqual([['finance', 1, 4], ['policy', 2, 3]]);
    expect(d.byTier.map((r) => r.system)).toEqual(['S1', 'S1', 'S1', 'S2']);
  });

  it('GDS on pairs: p3 repeats p1 (right → right), p5 repeats p2 (wrong → right): 100 × (2/2 − 1/2) = +50 pp', () => {
    const [row] = d.decay;
    expect([row.system, row.pairs, row.unpaired, row.early.numerator, row.late.numerator, row.gds]).toEqual(['S1', 2, 0, 1, 2, 50]);
  });

  it('refresh benefit on the same question qa: none 0/1 (p4), single 1/1 (p5) → +100 pp', () => {
    expect(d.refresh.map((r) => [r.system, r.schedule, r.questions, r.none.value, r.accuracy.value, r.benefit])).toEqual([['S1', 'single', 1, 0, 1, 100]]);
  });

  it('FTED p50 650, mean 650, p95 965 (type 7; p5 from its turns); QAL = 650 × (1 − GA at T3 2/3)', () => {
    const s1 = d.latency.find((r) => r.system === 'S1')!;
    expect(s1.firstAudio).toMatchObject({ n: 8, missing: 1, p50: 650, mean: 650 });
    expect(s1.firstAudio.p95).toBeCloseTo(965, 9);
    expect(s1.accuracyT3).toEqual({ numerator: 2, denominator: 3, value: 2 / 3 });
    expect(s1.qal).toBeCloseTo(650 / 3, 9);
    // S2 has no T3 probe: no QAL.
    expect(d.latency.find((r) => r.system === 'S2')!.qal).toBeNull();
  });
});

describe('DSB-DG from multi-probe episodes (info.probes)', () => {
  let m: DsbDgSection;
  let notes: string[];
  beforeAll(async () => {
    const path = writeJsonl(dir, 'multi.jsonl', [
      { schema: 'earshot-study-v1', name: 'DSB-DG multi', benchmark: 'dsb-dg' },
      {
        // Imported: every probe carries its own label, timing and schedule.
        schema: 'earshot-episode-v1', id: 'script-a', system: 'A', task: 'doc1', condition: { tier: 'T3', domain: 'policy' },
        info: { refresh: 'none', probes: [
          { id: 'e1', question: 'doc1/late-fee', turn: 1, label: 'grounded', first_audio_ms: 400 },
          { id: 'e2', turn: 2, label: 'fail', first_audio_ms: 600, tier: 'T1' },
          { id: 'u1', turn: 3, answerable: false, label: 'extrinsic_hallucination', first_audio_ms: 800 },
          { id: 'l1', turn: 15, repeats: 'e1', label: 'intrinsic_hallucination', first_audio_ms: 1000 },
          { id: 'l2', turn: 16, repeats: 'e2', label: 'grounded' },
          { id: 'x', turn: 17, label: 'not-a-label' },
        ] },
      },
      {
        // As the runner stores it: labels in info.probeLabels, FTED in info.judgedTurns.
        schema: 'earshot-episode-v1', id: 'script-b', system: 'A', task: 'doc1-refreshed', condition: { tier: 'T3' },
        info: {
          refresh: 'multiple',
          probes: [{ id: 'p1', question: 'doc1/late-fee', turn: 1, answerable: true }, { id: 'p2', question: 'doc1/e2', turn: 2, answerable: true }],
          probeLabels: [{ id: 'p1', turn: 1, label: 'grounded', confident: true }, { id: 'p2', turn: 2, label: 'abstention', confident: false }],
          judgedTurns: [{ turnId: 'p1', userTurnIndex: 0, agentTurnIndex: 1, firstAudioMs: 500 }, { turnId: 'p2', userTurnIndex: 2, agentTurnIndex: 3, firstAudioMs: 700 }],
        },
      },
    ]);
    const id = await importStudy(t.services, path, 'DSB-DG multi');
    const metrics = studyMetrics(t.services.db, id, { resamples: 200 });
    [m, notes] = [metrics.dsbDg!, metrics.notes];
  });

  it('reads every entry as a probe; the one with an unknown label is left out and noted', () => {
    expect([m.episodes, m.probes, m.unlabelled]).toEqual([2, 7, 1]);
    expect(notes).toContain('dsb-dg: 1 probe(s) without a grounding label: left out');
    expect(m.byTier.map((r) => [r.group, r.summary.probes])).toEqual([['T1', 1], ['T3', 6]]);
    // Answerable: e1 ✓, e2 ✗, l1 ✗, l2 ✓, p1 ✓, p2 refused → 3/6; u1 answered an unanswerable probe (extrinsic).
    const s = m.bySystem[0].summary;
    expect([s.accuracy.numerator, s.accuracy.denominator, s.extrinsic.numerator, s.refusalOnAnswerable.numerator]).toEqual([3, 6, 1, 1]);
  });

  it('pairs late with early probes by id: e1 ✓ → l1 ✗, e2 ✗ → l2 ✓ → GDS 0', () => {
    expect(m.decay.map((r) => [r.pairs, r.early.numerator, r.late.numerator, r.gds])).toEqual([[2, 1, 1, 0]]);
  });

  it('refresh: multiple vs none on the shared questions — l1 inherits e1’s question id; e2’s question id is e2', () => {
    // none on doc1/late-fee: e1 ✓, l1 ✗ → 1/2; multiple: p1 ✓ → 1/1 → +50 pp. doc1/e2 is not asked without refresh.
    expect(m.refresh.map((r) => [r.schedule, r.questions, r.none.numerator, r.none.denominator, r.accuracy.numerator, r.benefit])).toEqual([['multiple', 1, 1, 2, 1, 50]]);
  });

  it('FTED per probe from the entry or from judgedTurns: 400, 500, 600, 700, 800, 1000 → p50 650', () => {
    expect(m.latency[0].firstAudio).toMatchObject({ n: 6, missing: 1, p50: 650 });
    // GA at T3: e1 ✓, l1 ✗, l2 ✓, p1 ✓, p2 ✗ → 3/5; QAL = 650 × 0.4 = 260.
    expect(m.latency[0].accuracyT3).toEqual({ numerator: 3, denominator: 5, value: 0.6 });
    expect(m.latency[0].qal).toBeCloseTo(260, 9);
  });
});

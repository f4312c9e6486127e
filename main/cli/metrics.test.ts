/**
 * `earshot metrics` on the demo study (every family of a mixed generic study, as JSON and as text tables), and on
 * synthetic studies built from the DSB-DG and VERA papers' reported inputs, which must give the papers' derived figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import type { StudyMetrics } from '../../shared/types/metrics';
import { parseCliArgs } from './args';
import { metricsCommand } from './metrics';
import { importStudy, writeJsonl } from '../../test-support/import-study';

let t: TempServices;
let json: StudyMetrics;
let text: string;
beforeAll(async () => {
  t = await tempServices();
  const out = metricsCommand(t.services, parseCliArgs(['--study', 'Demo study', '--resamples', '200']));
  json = out.json as StudyMetrics;
  text = out.text;
});
afterAll(() => t.cleanup());

describe('earshot metrics on the demo study', () => {
  it('sorts the episodes into families by condition.benchmark and keeps the interaction key', () => {
    expect(json.families).toEqual([
      { family: 'tau-voice', episodes: 3 },
      { family: 'tau-elicitation', episodes: 2 },
      { family: 'vera', episodes: 3 },
      { family: 'dsb-dg', episodes: 2 },
    ]);
    expect(json).toHaveProperty('interaction', null);
    expect(json.options.resamples).toBe(200);
    expect(json.tau.map((s) => s.benchmark)).toEqual(['tau-voice', 'tau-elicitation']);
    expect(json.tau[0].success.find((r) => r.system === 'cascade-gpt-4.1 (demo)')!.success).toEqual({ numerator: 1, denominator: 1, value: 1 });
  });

  it('VERA: 1 of 3 correct (NOT_ATTEMPTED counts as incorrect), macro (0 + 1 + 0) / 3', () => {
    const [row] = json.vera!.systems;
    expect(row.micro).toEqual({ numerator: 1, denominator: 3, value: 1 / 3 });
    expect(row.macro).toBeCloseTo(1 / 3, 12);
  });

  it('DSB-DG: a contradicting answer and a correct abstention; first-audio delays 650 ms each from the turns', () => {
    const s = json.dsbDg!.bySystem[0].summary;
    expect([s.accuracy.numerator, s.accuracy.denominator, s.intrinsic.numerator, s.refusalOnUnanswerable.numerator, s.refusalOnUnanswerable.denominator]).toEqual([0, 1, 1, 1, 1]);
    // Over the one unanswerable probe, which was refused.
    expect(s.falseConfidence).toEqual({ numerator: 0, denominator: 1, value: 0 });
    // 5099 − 4449 and 3553 − 2903.
    expect(json.dsbDg!.latency[0].firstAudio).toMatchObject({ n: 2, p50: 650, mean: 650, p95: 650 });
    // GA at T3 = 0/1 (the contradicting answer): QAL = 650 × (1 − 0) = 650.
    expect(json.dsbDg!.latency[0].qal).toBe(650);
  });

  it('category heatmaps per family, never pooled across vocabularies', () => {
    expect(json.labels.categories.map((h) => [h.family, h.population])).toEqual([
      ['tau-voice', 2],
      ['tau-elicitation', 1],
      ['vera', 2],
      ['dsb-dg', 1],
    ]);
    const tauVoice = json.labels.categories[0];
    expect(Object.fromEntries(tauVoice.overall.map((o) => [o.category, o.rate]))).toEqual({ logical: 0.5, transcription: 0.5, vad: 1 });
  });

  it('prints every table as aligned text', () => {
    expect(text.split('\n')[0]).toBe('Demo study: 10 episodes');
    for (const table of json.tables) expect(text).toContain(`## ${table.title}`);
    expect(text).toMatch(/## VERA accuracy per track\nsystem +modality +mathematical_reasoning/);
  });

  it('rejects a resample count the schema refuses', () => {
    expect(() => metricsCommand(t.services, parseCliArgs(['--study', 'Demo study', '--resamples', '5']))).toThrow(/--resamples/);
  });
});

/** The document `earshot metrics --study <name> --json` prints. */
const metricsJson = (name: string): StudyMetrics => metricsCommand(t.services, parseCliArgs(['--study', name, '--resamples', '200'])).json as StudyMetrics;
/** A percentage to one decimal, as the papers print them. */
const pct = (fraction: number | null): number => Math.round(fraction! * 1000) / 10;
/** A value already in percentage points, to one decimal. */
const pp = (value: number | null): number => Math.round(value! * 10) / 10;

describe('DSB-DG (Mathur et al.): the paper’s reported inputs give its QAL, GDS and refresh figures', () => {
  let d: NonNullable<StudyMetrics['dsbDg']>;
  beforeAll(async () => {
    type Entry = Record<string, unknown>;
    const episode = (system: string, id: string, info: Record<string, unknown>, probes: Entry[]) => ({
      schema: 'earshot-episode-v1', id: `${system}/${id}`, system, task: id, condition: { tier: 'T1', domain: 'policy' }, info: { ...info, probes },
    });
    // QAL: 1000 answerable T3 probes in 10 scripts, GA exactly 903/1000 and 877/1000; FTED symmetric about the median,
    // 1469 + (±k) and 1214 + (±k), so p50 (type 7) is exactly 1469 and 1214 ms.
    const qalScripts = (system: string, p50: number, grounded: number) =>
      Array.from({ length: 10 }, (_, s) => episode(system, `qal-${s}`, {}, Array.from({ length: 100 }, (_, k) => {
        const i = s * 100 + k;
        return { id: `q${k}`, tier: 'T3', label: i < grounded ? 'grounded' : 'fail', first_audio_ms: p50 + (i % 2 ? -1 : 1) * Math.floor(i / 2) };
      })));
    // GDS: one 17-turn script per pair, the early probe at turn 2, its repeat at turn 15 (untimed, tier T1).
    const decayScripts = (system: string, early: (i: number) => boolean, late: (i: number) => boolean, n: number) =>
      Array.from({ length: n }, (_, i) => episode(system, `decay-${i}`, {}, [
        { id: 'e', turn: 2, label: early(i) ? 'grounded' : 'fail' },
        { id: 'l', turn: 15, repeats: 'e', label: late(i) ? 'grounded' : 'intrinsic_hallucination' },
      ]));
    // Refresh: the same questions in a script without refresh and in one with the paper's schedule.
    const refreshScript = (system: string, refresh: string, n: number, grounded: number) =>
      episode(system, `refresh-${refresh}`, { refresh }, Array.from({ length: n }, (_, i) => ({ id: `r${i}`, question: `doc/q${i}`, label: i < grounded ? 'grounded' : 'fail' })));
    const path = writeJsonl(t.dir, 'dsb-dg-paper.jsonl', [
      { schema: 'earshot-study-v1', name: 'DSB-DG paper inputs', benchmark: 'dsb-dg' },
      ...qalScripts('Cascaded', 1469, 903),
      ...qalScripts('GPT-Realtime', 1214, 877),
      // UV-32B 80.0 % → 75.0 %: 20 pairs, 16 early and 15 late right (two decay, one recovers).
      ...decayScripts('UV-32B', (i) => i < 16, (i) => i < 14 || i === 17, 20),
      // Cascaded 86.7 % → 86.7 %: 15 pairs, 13 right early and 13 late, not the same 13.
      ...decayScripts('Cascaded', (i) => i > 1, (i) => i !== 1 && i !== 2, 15),
      // 86/98 = 87.76 % → 93/98 = 94.90 %; 109/137 = 79.56 % → 129/137 = 94.16 %.
      refreshScript('Cascaded', 'none', 98, 86), refreshScript('Cascaded', 'multiple', 98, 93),
      refreshScript('GPT-Realtime', 'none', 137, 109), refreshScript('GPT-Realtime', 'single', 137, 129),
    ]);
    await importStudy(t.services, path, 'DSB-DG paper inputs');
    d = metricsJson('DSB-DG paper inputs').dsbDg!;
  });

  it('QAL = p50 FTED × (1 − GA at T3): Cascaded 1469 × 0.097 = 142.49 → 143, GPT-Realtime 1214 × 0.123 = 149.32 → 150', () => {
    const row = (system: string) => d.latency.find((r) => r.system === system)!;
    expect([row('Cascaded').firstAudio.p50, row('Cascaded').accuracyT3.value]).toEqual([1469, 0.903]);
    expect([row('GPT-Realtime').firstAudio.p50, row('GPT-Realtime').accuracyT3.value]).toEqual([1214, 0.877]);
    expect(row('Cascaded').qal).toBeCloseTo(142.493, 9);
    expect(row('GPT-Realtime').qal).toBeCloseTo(149.322, 9);
    // The paper's 143 and 150 are these rounded up to the next whole millisecond (half-up would give 142 and 149).
    expect([Math.ceil(row('Cascaded').qal!), Math.ceil(row('GPT-Realtime').qal!)]).toEqual([143, 150]);
    expect(row('Cascaded').interval.low!).toBeLessThan(row('Cascaded').qal!);
    expect(row('Cascaded').interval.high!).toBeGreaterThan(row('Cascaded').qal!);
  });

  it('GDS = 100 × (late − early) on pairs: UV-32B 80.0 % → 75.0 % is −5.0; Cascaded 86.7 % → 86.7 % is 0.0', () => {
    expect(d.decay.map((r) => [r.system, r.pairs, pct(r.early.value), pct(r.late.value), pp(r.gds)])).toEqual([
      ['Cascaded', 15, 86.7, 86.7, 0],
      ['UV-32B', 20, 80, 75, -5],
    ]);
  });

  it('refresh benefit on the same questions: Cascaded 87.8 % → 94.9 % (+7.1); GPT-Realtime 79.6 % → 94.2 % (+14.6)', () => {
    expect(d.refresh.map((r) => [r.system, r.schedule, r.questions, pct(r.none.value), pct(r.accuracy.value), pp(r.benefit)])).toEqual([
      ['Cascaded', 'multiple', 98, 87.8, 94.9, 7.1],
      ['GPT-Realtime', 'single', 137, 79.6, 94.2, 14.6],
    ]);
  });
});

describe('VERA (Lin et al., arXiv 2509.26542): per-track and macro voice–text gaps from the paper’s headline', () => {
  // 131 items per track: a count whose fractions round to both math figures and to their 68.7 pp gap.
  // Text right on 98, 40, 80, 70, 66 (354 of 655); voice on 8, 5, 25, 6, 30 (74 of 655). Only math and the macro
  // figures are the paper's; the other four tracks' split is chosen so that the macro averages come out right.
  // Math: 98/131 = 74.81 % vs 8/131 = 6.11 %, gap 90/131 = 68.70 pp. Macro (equal tracks, so = pooled):
  // 354/655 = 54.05 % vs 74/655 = 11.30 %, gap 280/655 = 42.75 pp — the paper's 54.0 vs 11.3 and 74.8 vs 6.1.
  const TRACKS: [string, number, number][] = [
    ['mathematical_reasoning', 98, 8], ['web', 40, 5], ['science', 80, 25], ['long_context', 70, 6], ['factual_recall', 66, 30],
  ];
  let v: NonNullable<StudyMetrics['vera']>;
  beforeAll(async () => {
    const line = (system: string, track: string, i: number, right: boolean) => ({
      schema: 'earshot-episode-v1', id: `${track}-${i}@${system}`, system, task: `${track}-${i}`, condition: { track },
      judgements: [{ judge_id: 'grader', label: right ? 'CORRECT' : 'INCORRECT' }],
    });
    const path = writeJsonl(t.dir, 'vera-paper.jsonl', [
      { schema: 'earshot-study-v1', name: 'VERA paper inputs', benchmark: 'vera' },
      ...TRACKS.flatMap(([track, text, voice]) => Array.from({ length: 131 }, (_, i) => [
        line('best-text', track, i, i < text), line('best-voice', track, i, i >= 131 - voice),
      ]).flat()),
    ]);
    await importStudy(t.services, path, 'VERA paper inputs');
    v = metricsJson('VERA paper inputs').vera!;
  });

  it('accuracy per track and macro: text 74.8 % math, 54.0 % macro; voice 6.1 % and 11.3 %', () => {
    const acc = (system: string) => v.systems.find((s) => s.system === system)!;
    expect([pct(acc('best-text').tracks[0].accuracy.value), pct(acc('best-text').macro)]).toEqual([74.8, 54]);
    expect([pct(acc('best-voice').tracks[0].accuracy.value), pct(acc('best-voice').macro)]).toEqual([6.1, 11.3]);
  });

  it('gap per track and macro-averaged, with intervals; McNemar per track with Holm across tracks', () => {
    const [row] = v.gaps;
    expect([row.voiceSystem, row.textSystem, row.repeat]).toEqual(['best-voice', 'best-text', 0]);
    const math = row.tracks[0];
    expect([math.track, pct(math.textAccuracy), pct(math.voiceAccuracy), pct(math.gap)]).toEqual(['mathematical_reasoning', 74.8, 6.1, 68.7]);
    expect([pct(row.macro.textAccuracy), pct(row.macro.voiceAccuracy), pct(row.macro.gap)]).toEqual([54, 11.3, 42.7]);
    expect(row.macro.interval!.low!).toBeLessThan(row.macro.gap!);
    expect(row.macro.interval!.high!).toBeGreaterThan(row.macro.gap!);
    expect(row.tracks.map((x) => x.track)).toEqual(TRACKS.map(([track]) => track));
    // Text is right on the first items of a track, voice on the last ones, never both: math b = 98, c = 8.
    expect([math.test!.b, math.test!.c]).toEqual([98, 8]);
    for (const x of row.tracks) expect(x.holmP!).toBeGreaterThanOrEqual(x.test!.exactP);
  });
});

/** `earshot metrics` on the demo study: every family of a mixed generic study, as JSON and as text tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import type { StudyMetrics } from '../../shared/types/metrics';
import { parseCliArgs } from './args';
import { metricsCommand } from './metrics';

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
    expect(s.falseConfidence).toEqual({ numerator: 1, denominator: 2, value: 0.5 });
    // 5099 − 4449 and 3553 − 2903.
    expect(json.dsbDg!.latency[0].firstAudio).toMatchObject({ n: 2, p50: 650, mean: 650, p95: 650 });
    expect(json.dsbDg!.latency[0].qal).toBeNull();
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

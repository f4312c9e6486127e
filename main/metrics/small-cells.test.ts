/** Cells below the minimum size are flagged and untested, and subsets stay out of the system tables, in any τ study. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import { studyMetrics } from './study-metrics';
import type { StudyMetrics } from '../../shared/types/metrics';

let t: TempServices;
let m: StudyMetrics;
let whole: StudyMetrics;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  const ep = (id: string, system: string, task: string, reward: number, info: Record<string, unknown> = {}) => ({
    schema: 'earshot-episode-v1',
    id,
    system,
    task,
    condition: { domain: 'retail' },
    reward,
    info,
  });
  // Two systems on 12 tasks (a tested pair), a third on 3 of them (pairs below the minimum), and two example calls.
  const lines = [
    { schema: 'earshot-study-v1', name: 'Small cells', benchmark: 'tau-voice' },
    ...Array.from({ length: 12 }, (_, i) => [
      ep(`a${i}`, 'A', `t${i}`, i < 9 ? 1 : 0),
      ep(`b${i}`, 'B', `t${i}`, i < 4 ? 1 : 0),
    ]).flat(),
    ...Array.from({ length: 3 }, (_, i) => ep(`c${i}`, 'C', `t${i}`, 1)),
    ep('x1', 'D', 't0', 1, { subset: 'example' }),
    ep('x2', 'E', 't0', 0, { subset: 'example' }),
  ];
  const id = await importStudy(t.services, writeJsonl(t.dir, 'small.jsonl', lines), 'Small cells');
  m = studyMetrics(t.services.db, id, { resamples: 200 });
  // The same two systems alone: no cell below the minimum.
  const pair = lines.slice(1, 25).filter((l) => 'system' in l && (l.system === 'A' || l.system === 'B'));
  const study = { schema: 'earshot-study-v1', name: 'Whole cells', benchmark: 'tau-voice' };
  const wholeId = await importStudy(t.services, writeJsonl(t.dir, 'whole.jsonl', [study, ...pair]), 'Whole cells');
  whole = studyMetrics(t.services.db, wholeId, { resamples: 200 });
});
afterAll(() => t.cleanup());

describe('minimum cell size and subsets', () => {
  it('flags the 3-call cell and leaves its pairs untested; Holm over the one pair tested', () => {
    const [tau] = m.tau;
    expect(tau.minCellItems).toBe(10);
    expect(tau.success.map((r) => [r.system, r.success.denominator, r.belowMinimum])).toEqual([
      ['A', 12, false],
      ['B', 12, false],
      ['C', 3, true],
    ]);
    expect(tau.pairwise.map((p) => [p.systemA, p.systemB, p.pairs, p.belowMinimum, p.test === null])).toEqual([
      ['A', 'B', 12, false, false],
      ['A', 'C', 3, true, true],
      ['B', 'C', 3, true, true],
    ]);
    // A right and B wrong on tasks 4–8 (b = 5, c = 0): exact p = 2 / 2⁵; alone in the Holm family, Holm p = p.
    const ab = tau.pairwise[0];
    expect([ab.test!.b, ab.test!.c, ab.test!.exactP, ab.holmP]).toEqual([5, 0, 0.0625, 0.0625]);
    expect(tau.pairwise[1].holmP).toBeNull();
  });

  it('the tables list the greyed rows and print no p for them', () => {
    const success = m.tables.find((x) => x.id === 'tau-voice-success')!;
    expect(success.belowMinimum).toEqual([2]);
    expect(success.note).toContain('fewer than 10 items');
    const pairwise = m.tables.find((x) => x.id === 'tau-voice-pairwise')!;
    expect(pairwise.belowMinimum).toEqual([1, 2]);
    expect(pairwise.rows.map((r) => r.p)).toEqual([0.0625, null, null]);
  });

  it('a note speaks of greyed rows exactly when its table has some', () => {
    const greyed = m.tables.filter((x) => x.belowMinimum);
    expect(greyed.map((x) => x.id)).toEqual(expect.arrayContaining(['tau-voice-success', 'tau-voice-pairwise']));
    for (const x of greyed) expect(x.note, x.id).toContain('Greyed rows');
    expect(whole.tables.map((x) => x.id)).toEqual(expect.arrayContaining(['tau-voice-success', 'tau-voice-pairwise']));
    for (const x of whole.tables) {
      expect(x.belowMinimum, x.id).toBeUndefined();
      expect(x.note ?? '', x.id).not.toContain('Greyed rows');
    }
  });

  it('the two example calls are a subset: counted apart, in no system row, and said in a note', () => {
    const [tau] = m.tau;
    expect(tau.episodes).toBe(27);
    expect(tau.subsets).toEqual([
      { subset: 'example', episodes: 2, success: { numerator: 1, denominator: 2, value: 0.5 } },
    ]);
    expect(tau.systems.map((s) => s.system)).toEqual(['A', 'B', 'C']);
    expect(m.notes.some((n) => n.startsWith('tau-voice: 2 episode(s) of subsets (example 2)'))).toBe(true);
    expect(m.tables.find((x) => x.id === 'tau-voice-subsets')!.rows).toEqual([
      { subset: 'example', episodes: 2, success: '1/2', successRate: 0.5 },
    ]);
  });
});

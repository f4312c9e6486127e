/** Episodes of a subset stay out of the VERA and DSB-DG system tables, as out of the τ ones, and a note says so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import { studyMetrics } from './study-metrics';
import type { StudyMetrics } from '../../shared/types/metrics';

let t: TempServices;
let vera: StudyMetrics;
let dsb: StudyMetrics;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  const line = (system: string, i: number, label: string, info: Record<string, unknown> = {}) => ({
    schema: 'earshot-episode-v1',
    id: `q${i}@${system}`,
    system,
    task: `q${i}`,
    condition: { track: 'web', tier: 'T1', domain: 'finance' },
    info,
    judgements: [{ judge_id: 'g', label }],
  });
  // 12 graded calls of system V; three hand-picked example calls (system V and X) and one validation call of V
  const veraLines = [
    { schema: 'earshot-study-v1', name: 'VERA subsets', benchmark: 'vera' },
    ...Array.from({ length: 12 }, (_, i) => line('V', i, i < 6 ? 'CORRECT' : 'INCORRECT')),
    line('V', 20, 'CORRECT', { subset: 'example' }),
    line('X', 21, 'CORRECT', { subset: 'example' }),
    line('X', 22, 'CORRECT', { subset: 'example' }),
    line('V', 23, 'CORRECT', { subset: 'validation' }),
  ];
  const veraId = await importStudy(t.services, writeJsonl(t.dir, 'vera.jsonl', veraLines), 'VERA subsets');
  vera = studyMetrics(t.services.db, veraId, { resamples: 100 });
  // DSB-DG: 4 probes of S (3 grounded), and an example probe of S and of E, both grounded
  const dsbLines = [
    { schema: 'earshot-study-v1', name: 'DSB subsets', benchmark: 'dsb-dg' },
    ...Array.from({ length: 4 }, (_, i) => line('S', i, i < 3 ? 'grounded' : 'intrinsic_hallucination')),
    line('S', 10, 'grounded', { subset: 'example' }),
    line('E', 11, 'grounded', { subset: 'example' }),
  ];
  const dsbId = await importStudy(t.services, writeJsonl(t.dir, 'dsb.jsonl', dsbLines), 'DSB subsets');
  dsb = studyMetrics(t.services.db, dsbId, { resamples: 100 });
});
afterAll(() => t.cleanup());

describe('subsets in the VERA and DSB-DG tables', () => {
  it('VERA: accuracy counts only the 12 results-cell calls (6/12), never the example or validation calls', () => {
    expect(vera.vera!.systems.map((s) => [s.system, s.micro.numerator, s.micro.denominator])).toEqual([['V', 6, 12]]);
    expect(vera.notes).toContain(
      'vera: 4 episode(s) of subsets (example 3, validation 1) are left out of the system tables: they are no part ' +
        'of a results cell (hand-picked examples, validation-only calls)',
    );
  });

  it('DSB-DG: grounding accuracy counts the 4 probes of S (3/4); the example probes and system E are left out', () => {
    const d = dsb.dsbDg!;
    expect([d.episodes, d.probes]).toEqual([4, 4]);
    expect(d.bySystem.map((r) => r.system)).toEqual(['S']);
    expect(d.bySystem[0].summary.accuracy).toMatchObject({ numerator: 3, denominator: 4 });
    expect(dsb.notes.some((n) => n.startsWith('dsb-dg: 2 episode(s) of subsets (example 2) are left out'))).toBe(true);
  });
});

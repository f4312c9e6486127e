import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { createQueue, queueItems, type QueueRequest } from './queues';
import { setLabel } from './labels';
import { judgeCorrectedSection } from '../metrics/judge-corrected';
import { stratifiedPpiMean } from '../stats/ppi/index';
import { drawnCalls } from '../db/work-queues';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
let studyId: number;
let ana: number;
let base: Omit<QueueRequest, 'name' | 'size' | 'stratifyBy'>;

// One system, 40 calls: the grader says CORRECT to e0–e19 and INCORRECT to e20–e39. Ana has graded a pilot of 12:
// e0–e5 CORRECT (the grader was right on all six), e20–e22 CORRECT and e23–e25 INCORRECT (wrong on three of six).
beforeAll(async () => {
  t = await tempServices({ demo: false });
  const db = t.services.db;
  const episodes = Array.from({ length: 40 }, (_, i) => ({ id: `e${i}`, judge: i < 20 ? 'CORRECT' : 'INCORRECT' }));
  const made = await makeStudy(db, 'V', 'vera', episodes);
  studyId = made.studyId;
  [ana] = makeAnnotators(db, ['Ana']);
  const pilot: [number, string][] = [0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 25].map((i) => [
    i,
    i < 23 ? 'CORRECT' : 'INCORRECT',
  ]);
  for (const [i, grade] of pilot)
    setLabel(db, { episodeId: made.ids[`e${i}`], annotatorId: ana, field: 'grade', value: grade }, now);
  base = { studyId, seed: 3, onlyFailed: false, assignment: 'all', annotatorIds: [ana] };
});
afterAll(() => t.cleanup());

describe('queue sampling designs', () => {
  it('stratified by judge label, proportional: n_h ∝ N_h, and the spec keeps N_h for the inclusion probabilities', () => {
    const q = createQueue(t.services.db, { ...base, name: 'prop', size: 10, stratifyBy: 'judge' }, now);
    expect(q.spec).toMatchObject({
      stratifyBy: 'judge',
      allocation: 'proportional',
      strata: { CORRECT: 5, INCORRECT: 5 },
      population: { CORRECT: 20, INCORRECT: 20 },
    });
    expect(queueItems(t.services.db, q.id, ana)).toHaveLength(10);
  });

  it('stores each drawn call with its stratum and n_h/N_h, so Σ 1/π over a stratum gives back N_h', () => {
    const q = createQueue(
      t.services.db,
      { ...base, name: 'neyman-stored', size: 10, stratifyBy: 'judge', allocation: 'neyman', mapping: 'grade:correct' },
      now,
    );
    const drawn = drawnCalls(t.services.db, q.id);
    expect(drawn).toHaveLength(10);
    // Neyman gave CORRECT 2 of 20 and INCORRECT 8 of 20 (the test below): π = 0.1 and 0.4.
    const byStratum = (h: string) => drawn.filter((c) => c.stratum === h);
    expect(byStratum('CORRECT').map((c) => c.inclusionProbability)).toEqual([0.1, 0.1]);
    expect(new Set(byStratum('INCORRECT').map((c) => c.inclusionProbability))).toEqual(new Set([0.4]));
    const horvitzThompsonN = (h: string) => byStratum(h).reduce((sum, c) => sum + 1 / c.inclusionProbability!, 0);
    expect([horvitzThompsonN('CORRECT'), horvitzThompsonN('INCORRECT')]).toEqual([20, 20]);
  });

  it('Neyman: n_h ∝ N_h·S_h from the pilot residuals, at least 2 per stratum', () => {
    // S_CORRECT = 0 (no residual), S_INCORRECT = √(plug-in variance of 1, 1, 1, 0, 0, 0) = 0.5: weights 0 and 10, so
    // after 2 each the other 6 all go to INCORRECT.
    const q = createQueue(
      t.services.db,
      { ...base, name: 'neyman', size: 10, stratifyBy: 'judge', allocation: 'neyman', mapping: 'grade:correct' },
      now,
    );
    expect(q.spec).toMatchObject({
      allocation: 'neyman',
      mapping: 'grade:correct',
      strata: { CORRECT: 2, INCORRECT: 8 },
    });
  });

  it('refuses Neyman without a binary mapping', () => {
    const neyman = { ...base, size: 4, stratifyBy: 'judge' as const, allocation: 'neyman' as const };
    expect(() => createQueue(t.services.db, { ...neyman, name: 'x' }, now)).toThrow(/needs a binary judge mapping/);
    expect(() => createQueue(t.services.db, { ...neyman, name: 'y', mapping: 'grade' }, now)).toThrow(/categorical/);
  });

  it('the judge-corrected figures follow the newest queue’s design: one stratum per judge label', () => {
    const section = judgeCorrectedSection(t.services.db, studyId, 0.95);
    expect(section.design).toMatch(/stratified by judge label \(queue "neyman", neyman allocation\)/);
    const cell = section.figures.find((f) => f.mapping === 'grade:correct')!.cells[0];
    expect([cell.calls, cell.labelled, cell.strata, cell.lambda]).toEqual([40, 12, 2, null]);
    const expected = stratifiedPpiMean([
      { ys: [1, 1, 1, 1, 1, 1], labelled: [1, 1, 1, 1, 1, 1], unlabelled: new Array(14).fill(1) },
      { ys: [1, 1, 1, 0, 0, 0], labelled: [0, 0, 0, 0, 0, 0], unlabelled: new Array(14).fill(0) },
    ]);
    // W = 1/2 each: 0.5·1 + 0.5·0.5 = 0.75, against the grader's 0.5 and the pilot's unweighted 9/12.
    expect(cell.corrected.estimate).toBeCloseTo(expected.estimate, 15);
    expect(cell.corrected.estimate).toBeCloseTo(0.75, 15);
    expect(cell.corrected.high).toBeCloseTo(expected.high, 15);
    expect(cell.judgeOnly.estimate).toBe(0.5);
  });
});

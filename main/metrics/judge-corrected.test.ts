import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy, type TestEpisode } from '../../test-support/annotation-study';
import { setLabel } from '../annotation/labels';
import { decide } from '../annotation/adjudication';
import { classicalMean, judgeOnlyMean, ppiPlusPlusMean, stratifiedPpiMean } from '../stats/ppi/index';
import { judgeCorrectedSection } from './judge-corrected';
import { studyMetrics } from './study-metrics';
import type { CorrectedFigure } from '../../shared/types/ppi';

const now = new Date('2026-01-02T03:04:05Z');
const C = 'CORRECT';
const I = 'INCORRECT';

// System "alpha": 12 calls the grader judged, humans graded 7 of them (two agree, one disputed and adjudicated, one
// disputed and left alone, one left unresolved, two by one annotator only). System "beta": 8 calls, 4 graded.
// Each row: id, system, track, grader's grade, annotator A's grade, annotator B's grade (undefined: not labelled).
const ROWS: [string, string, string, string, string?, string?][] = [
  ['a1', 'alpha', 'math', C, C, C],
  ['a2', 'alpha', 'math', C, I, I],
  ['a3', 'alpha', 'math', I, C, I], // disputed, decided CORRECT
  ['a4', 'alpha', 'math', C, C, I], // disputed, nobody decided
  ['a5', 'alpha', 'web', I, I, C], // disputed, left unresolved
  ['a6', 'alpha', 'web', C, C],
  ['a7', 'alpha', 'web', I, I],
  ['a8', 'alpha', 'web', C],
  ['a9', 'alpha', 'web', C],
  ['a10', 'alpha', 'math', I],
  ['a11', 'alpha', 'math', C],
  ['a12', 'alpha', 'web', C],
  ['b1', 'beta', 'math', I, I, I],
  ['b2', 'beta', 'math', C, I, I],
  ['b3', 'beta', 'web', C, C, C],
  ['b4', 'beta', 'web', I, C],
  ['b5', 'beta', 'math', I],
  ['b6', 'beta', 'web', C],
  ['b7', 'beta', 'web', I],
  ['b8', 'beta', 'math', C],
];

let t: TempServices;
let studyId: number;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  const db = t.services.db;
  const episodes: TestEpisode[] = ROWS.map(([id, system, track, judge]) => ({
    id,
    system,
    judge,
    condition: { track },
  }));
  const made = await makeStudy(db, 'V', 'vera', episodes);
  studyId = made.studyId;
  const [a, b, judy] = makeAnnotators(db, ['A', 'B'], 'Judy');
  for (const [id, , , , la, lb] of ROWS) {
    if (la) setLabel(db, { episodeId: made.ids[id], annotatorId: a, field: 'grade', value: la }, now);
    if (lb) setLabel(db, { episodeId: made.ids[id], annotatorId: b, field: 'grade', value: lb }, now);
  }
  const on = (id: string) => ({ episodeId: made.ids[id], field: 'grade', adjudicatorId: judy });
  decide(db, { ...on('a3'), value: C, rationale: 'the answer is right' }, now);
  decide(db, { ...on('a5'), value: 'unresolved', rationale: 'audio cut off' }, now);
});
afterAll(() => t.cleanup());

const figure = (figures: CorrectedFigure[], mapping: string, outcome: string) =>
  figures.find((f) => f.mapping === mapping && f.outcome === outcome)!;

describe('judge-corrected figures of a study', () => {
  it('uses the adjudication, else the common label, and leaves disputed calls out (counted)', () => {
    const section = judgeCorrectedSection(t.services.db, studyId, 0.95);
    const correct = figure(section.figures, 'grade:correct', 'positive');
    const alpha = correct.cells.find((c) => c.system === 'alpha' && c.condition === null)!;
    // Resolved alpha labels: a1 C, a2 I, a3 C (adjudicated), a6 C, a7 I; a4 and a5 disputed.
    expect([alpha.calls, alpha.labelled, alpha.disputed, alpha.strata]).toEqual([12, 5, 2, 1]);
    // Human (y) and grader (f) flags of the labelled calls a1, a2, a3, a6, a7; the grader's of the seven others.
    const y = [1, 0, 1, 1, 0];
    const f = [1, 1, 0, 1, 0];
    const others = [1, 0, 1, 1, 0, 1, 1]; // a4, a5, a8, a9, a10, a11, a12
    const ppi = ppiPlusPlusMean(y, f, others);
    expect(alpha.corrected.estimate).toBeCloseTo(ppi.estimate, 14);
    expect(alpha.corrected.low).toBeCloseTo(ppi.low, 14);
    expect(alpha.corrected.high).toBeCloseTo(ppi.high, 14);
    expect(alpha.lambda).toBeCloseTo(ppi.lambda, 14);
    // Judge-only: 8 of the 12 calls graded CORRECT; human-only: 3 of 5.
    expect(alpha.judgeOnly.estimate).toBeCloseTo(8 / 12, 15);
    expect(alpha.judgeOnly.high).toBeCloseTo(judgeOnlyMean([...f, ...others]).high, 14);
    expect(alpha.humanOnly.estimate).toBeCloseTo(3 / 5, 15);
    expect(alpha.humanOnly.standardError).toBeCloseTo(classicalMean(y).standardError, 15);
    expect([correct.unmappedJudge, correct.unmappedHuman, correct.labelledUnjudged]).toEqual([0, 0, 0]);
  });

  it('gives each system under each condition, and the corrected difference of each pair of systems', () => {
    const section = judgeCorrectedSection(t.services.db, studyId, 0.95);
    const correct = figure(section.figures, 'grade:correct', 'positive');
    expect(correct.cells.map((c) => [c.system, c.condition?.track ?? '(all)', c.calls, c.labelled])).toEqual([
      ['alpha', '(all)', 12, 5],
      ['alpha', 'math', 6, 3],
      ['alpha', 'web', 6, 2],
      ['beta', '(all)', 8, 4],
      ['beta', 'math', 4, 2],
      ['beta', 'web', 4, 2],
    ]);
    // beta: b1 I/I, b2 I/C, b3 C/C, b4 C/I labelled (human/grader); b5 … b8 graded I, C, I, C.
    const beta = ppiPlusPlusMean([0, 0, 1, 1], [0, 1, 1, 0], [0, 1, 0, 1]);
    const alpha = ppiPlusPlusMean([1, 0, 1, 1, 0], [1, 1, 0, 1, 0], [1, 0, 1, 1, 0, 1, 1]);
    const [d] = correct.differences;
    expect([d.systemA, d.systemB]).toEqual(['alpha', 'beta']);
    expect(d.corrected.estimate).toBeCloseTo(alpha.estimate - beta.estimate, 14);
    expect(d.corrected.standardError).toBeCloseTo(Math.hypot(alpha.standardError, beta.standardError), 14);
    expect(d.judgeOnly.estimate).toBeCloseTo(8 / 12 - 4 / 8, 14);
  });

  it('counts each category of a categorical mapping, leaving out one nobody gave', () => {
    const section = judgeCorrectedSection(t.services.db, studyId, 0.9);
    expect(section.figures.filter((f) => f.mapping === 'grade').map((f) => f.outcome)).toEqual([C, I]);
    const incorrect = figure(section.figures, 'grade', I);
    const alpha = incorrect.cells.find((c) => c.system === 'alpha' && c.condition === null)!;
    const expected = stratifiedPpiMean(
      [{ ys: [0, 1, 0, 0, 1], labelled: [0, 0, 1, 0, 1], unlabelled: [0, 1, 0, 0, 1, 0, 0] }],
      'tuned',
      0.9,
    );
    expect(alpha.corrected.estimate).toBeCloseTo(expected.estimate, 14);
    expect(alpha.corrected.high).toBeCloseTo(expected.high, 14);
  });

  it('is part of metrics.study', () => {
    const m = studyMetrics(t.services.db, studyId, { resamples: 200 });
    expect(m.judgeCorrected.design).toMatch(/simple random/);
    expect(m.judgeCorrected.figures.length).toBeGreaterThan(0);
    // One table per figure for the CLI and the exports, the same numbers as the document.
    const table = m.tables.find((x) => x.id === 'judge-corrected-grade:correct')!;
    const cell = m.judgeCorrected.figures.find((f) => f.mapping === 'grade:correct')!.cells[0];
    expect(table.section).toBe('judge-corrected');
    expect(table.rows[0]).toMatchObject({ system: 'alpha', condition: 'all', calls: 12, labelled: 5, disputed: 2 });
    expect(table.rows[0]).toMatchObject({ corrected: cell.corrected.estimate, correctedLow: cell.corrected.low });
    expect(m.tables.map((x) => x.id)).toContain('judge-corrected-grade=INCORRECT');
  });
});

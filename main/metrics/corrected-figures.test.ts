import { describe, expect, it } from 'vitest';
import { correctedFigures, type CorrectedCall } from './corrected-figures';
import { ppiPlusPlusMean, stratifiedPpiMean } from '../stats/ppi/index';

const call = (
  system: string,
  judge: string,
  human: string | null,
  extra: Partial<CorrectedCall> = {},
): CorrectedCall => ({
  system,
  condition: {},
  judge,
  human,
  disputed: false,
  stratum: '',
  ...extra,
});

describe('correctedFigures', () => {
  it('one stratum: PPI++ on the labelled calls against the judge-only calls of the same system', () => {
    const calls = [
      call('s', 'pass', 'pass'),
      call('s', 'fail', 'pass'),
      call('s', 'pass', 'fail'),
      call('s', 'pass', 'pass'),
      call('s', 'pass', null),
      call('s', 'fail', null),
      call('s', 'pass', null, { disputed: true }),
    ];
    const [pass] = correctedFigures(calls, ['pass'], 0.95);
    const [cell] = pass.cells;
    const expected = ppiPlusPlusMean([1, 1, 0, 1], [1, 0, 1, 1], [1, 0, 1]);
    expect(cell).toMatchObject({ system: 's', condition: null, calls: 7, labelled: 4, disputed: 1, strata: 1 });
    expect(cell.corrected.estimate).toBeCloseTo(expected.estimate, 15);
    expect(cell.corrected.standardError).toBeCloseTo(expected.standardError, 15);
    expect(cell.judgeOnly.estimate).toBeCloseTo(5 / 7, 15);
    expect(cell.humanOnly.estimate).toBe(0.75);
    expect(pass.differences).toEqual([]);
  });

  it('several strata: the stratified estimate, λ left out', () => {
    const calls = [
      call('s', 'pass', 'pass', { stratum: 'judge:pass' }),
      call('s', 'pass', 'fail', { stratum: 'judge:pass' }),
      call('s', 'pass', null, { stratum: 'judge:pass' }),
      call('s', 'fail', 'fail', { stratum: 'judge:fail' }),
      call('s', 'fail', null, { stratum: 'judge:fail' }),
      call('s', 'fail', null, { stratum: 'judge:fail' }),
    ];
    const [pass] = correctedFigures(calls, ['pass'], 0.95);
    const expected = stratifiedPpiMean([
      { ys: [1, 0], labelled: [1, 1], unlabelled: [1] },
      { ys: [0], labelled: [0], unlabelled: [0, 0] },
    ]);
    expect(pass.cells[0].strata).toBe(2);
    expect(pass.cells[0].lambda).toBeNull();
    expect(pass.cells[0].corrected.estimate).toBeCloseTo(expected.estimate, 15);
    // Classical stratified mean: (3/6)·(1/2) + (3/6)·0.
    expect(pass.cells[0].humanOnly.estimate).toBeCloseTo(0.25, 15);
  });

  it('a cell without labelled calls has no human-only or corrected figure, only the judge’s', () => {
    const [pass] = correctedFigures(
      [call('a', 'pass', 'pass'), call('b', 'pass', null), call('b', 'fail', null)],
      ['pass'],
      0.95,
    );
    const b = pass.cells.find((c) => c.system === 'b')!;
    expect(b.corrected).toEqual({ estimate: null, standardError: null, low: null, high: null });
    expect(b.humanOnly.estimate).toBeNull();
    expect(b.judgeOnly.estimate).toBe(0.5);
    expect(pass.differences[0].corrected.estimate).toBeNull();
    expect(pass.differences[0].judgeOnly.estimate).toBe(0.5);
  });
});

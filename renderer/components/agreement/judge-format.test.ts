import { describe, expect, it } from 'vitest';
import type { Taxonomy } from '../../../shared/types/annotation';
import { ci, f3, figure, shownCells, signed } from './judge-format';
import {
  blankDraft, cleanDraft, humanValueOptions, judgeValueOptions, sideOf, withCategory, withSide,
} from './mapping-draft';

describe('figures as printed', () => {
  it('gives three decimals, never a negative zero, and a dash for an undefined value', () => {
    expect([f3(0.6472248), f3(-1e-12), f3(null), f3(Number.NaN)]).toEqual(['0.647', '0.000', '–', '–']);
    expect(ci({ estimate: 0.5, low: 0.4764, high: 0.8 })).toBe('[0.476, 0.800]');
    expect(ci({ estimate: null, low: null, high: null })).toBe('');
    expect([signed(0.052), signed(-0.0131), signed(0.0001), signed(null)]).toEqual(['+0.052', '−0.013', '0.000', '–']);
  });

  it('prints a release count as a whole number and a ratio with decimals even when it is whole', () => {
    expect(figure('counts.calls', 100)).toBe('100');
    expect(figure('severity_ge_2.TP', 12)).toBe('12');
    expect(figure('strict.recall', 1)).toBe('1.000');
    expect(figure('error_source.no_error.share', 0)).toBe('0.000');
    expect(figure('strict.precision', 0.7317073170731707)).toBe('0.732');
    expect(figure('finding_decision_kappa', null)).toBe('–');
  });

  it('leaves blank a group cell the row above shows, never the last cell', () => {
    const rows = [{ cells: ['system', 'a', 'A'] }, { cells: ['system', 'a', 'B'] }, { cells: ['system', 'b', 'A'] },
      { cells: ['domain', 'b', 'A'] }];
    expect(rows.map((_, i) => shownCells(rows, i))).toEqual([
      ['system', 'a', 'A'], ['', '', 'B'], ['', 'b', 'A'], ['domain', 'b', 'A'],
    ]);
  });
});

describe('the mapping editor’s draft', () => {
  const taxonomy = {
    verdicts: [{ value: 'flagged', failure: true }, { value: 'not_flagged', failure: false }],
    fields: [{ key: 'severity', label: 'Severity', kind: 'single', options: [{ value: '0' }, { value: '1' }] }],
  } as unknown as Taxonomy;

  it('moves a value between positive, negative and left out, on one side only', () => {
    let d = withSide(blankDraft('severity'), 'human', '1', 'positive');
    d = withSide(d, 'human', '0', 'negative');
    d = withSide(d, 'judge', 'flagged', 'positive');
    const sides = [sideOf(d, 'human', '1'), sideOf(d, 'human', '0'), sideOf(d, 'judge', '1')];
    expect(sides).toEqual(['positive', 'negative', '']);
    d = withSide(d, 'human', '1', 'negative');
    expect([d.humanPositive, d.humanNegative]).toEqual([[], ['0', '1']]);
    d = withSide(d, 'human', '0', '');
    expect(d.humanNegative).toEqual(['1']);
  });

  it('offers the judges’ labels and verdicts, and the field’s options with the values labelled', () => {
    const d = withSide(blankDraft('severity'), 'judge', 'maybe', 'positive');
    expect(judgeValueOptions(d, ['flagged', 'fail'], taxonomy)).toEqual(['flagged', 'fail', 'not_flagged', 'maybe']);
    expect(humanValueOptions(d, ['1', '3'], taxonomy)).toEqual(['0', '1', '3']);
    expect(humanValueOptions(blankDraft('verdict'), [], taxonomy)).toEqual(['flagged', 'not_flagged']);
  });

  it('saves a binary draft without pairs and a categorical one without sides', () => {
    let d = withCategory(withSide(blankDraft('grade'), 'judge', 'A', 'positive'), 'A', 'CORRECT');
    d = withCategory(d, 'B', 'INCORRECT');
    d = withCategory(d, 'B', '');
    expect(cleanDraft(d).categories).toEqual({});
    const categorical = cleanDraft({ ...d, kind: 'categorical', note: '  ' });
    expect(categorical.categories).toEqual({ A: 'CORRECT' });
    expect([categorical.judgePositive, 'note' in categorical]).toEqual([[], false]);
  });
});

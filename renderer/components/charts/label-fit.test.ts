import { describe, expect, it } from 'vitest';
import { fitLabel, labelMargin, rotatedLabelsMargin, textPx } from './label-fit';

describe('room for axis labels', () => {
  it('grows the margin with the labels but keeps most of the width for the plot', () => {
    expect(labelMargin(['a'], 600)).toBe(60);
    expect(labelMargin(['gemini_high · speech_heavy · agent_directed'], 1100)).toBe(287);
    expect(labelMargin(['x'.repeat(120)], 600)).toBe(252);
  });

  it('cuts a label that does not fit with an ellipsis, and leaves one that fits', () => {
    expect(fitLabel('gpt-realtime · retail', 200)).toBe('gpt-realtime · retail');
    expect(fitLabel('(no system)', labelMargin(['(no system)'], 600))).toBe('(no system)');
    const cut = fitLabel('gpt-4o-realtime-preview-2024-12-17 · retail · speech_heavy · agent_directed', 252);
    expect(textPx(cut)).toBeLessThanOrEqual(252 - 16);
    expect(cut.length).toBeGreaterThan(30);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('leaves room on the left for the first rotated column labels', () => {
    const categories = ['extra_or_hallucinated_word', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'];
    const margin = rotatedLabelsMargin(categories, 600, 60);
    const column = (600 - margin - 20) / categories.length;
    expect(margin - textPx('extra_or_hallucinated_word') * Math.cos((35 * Math.PI) / 180) + column / 2).toBeGreaterThan(
      0,
    );
    expect(textPx('UNSUPPORTED_FACT')).toBeGreaterThan(textPx('unsupported fact'));
    expect(rotatedLabelsMargin(['a', 'b'], 600, 60)).toBe(60);
  });
});

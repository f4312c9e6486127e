import { describe, expect, it } from 'vitest';
import { categoryDeviation } from './category-deviation';

describe('categoryDeviation', () => {
  // A1 {x, y}, A2 {x}, B1 {}, B2 {y, y} (a repeat counts once).
  // overall: x 2/4 = 0.5, y 2/4 = 0.5.
  // A: x 2/2 = 1 → +0.5; y 1/2 → 0.   B: x 0 → −0.5; y 1/2 → 0.
  const rows = [
    { episode: 'A1', system: 'A', categories: ['x', 'y'] },
    { episode: 'A2', system: 'A', categories: ['x'] },
    { episode: 'B1', system: 'B', categories: [] },
    { episode: 'B2', system: 'B', categories: ['y', 'y'] },
  ];

  it('subtracts the pooled rate from each system rate', () => {
    const result = categoryDeviation(rows);
    expect(result.categories).toEqual(['x', 'y']);
    expect(result.overall).toEqual([
      { category: 'x', count: 2, rate: 0.5 },
      { category: 'y', count: 2, rate: 0.5 },
    ]);
    expect(result.systems).toEqual([
      { system: 'A', episodes: 2, cells: [{ category: 'x', count: 2, rate: 1, deviation: 0.5 }, { category: 'y', count: 1, rate: 0.5, deviation: 0 }] },
      { system: 'B', episodes: 2, cells: [{ category: 'x', count: 0, rate: 0, deviation: -0.5 }, { category: 'y', count: 1, rate: 0.5, deviation: 0 }] },
    ]);
  });

  it('keeps a given category order, including categories nobody used', () => {
    const result = categoryDeviation(rows, ['y', 'z', 'x']);
    expect(result.categories).toEqual(['y', 'z', 'x']);
    expect(result.systems[0].cells.map((c) => [c.category, c.deviation])).toEqual([['y', 0], ['z', 0], ['x', 0.5]]);
  });
});

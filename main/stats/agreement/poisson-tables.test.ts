import { describe, expect, it } from 'vitest';
import { aliasDraw, aliasTable } from './alias-table';
import { poissonDraw, poissonTables } from './poisson-tables';

/** The exact Poisson(mean) probability of k, by the product formula (independent of the tables' recurrences). */
function poissonPmf(mean: number, k: number): number {
  let log = -mean;
  for (let i = 1; i <= k; i++) log += Math.log(mean / i);
  return Math.exp(log);
}

describe('Poisson draws by table inversion', () => {
  it('map u to the exact quantiles of Poisson(mean), for small, medium and large means', () => {
    const means = Float64Array.from([0, 0.02, 0.9, 7.5, 250, 5000]);
    const tables = poissonTables(means);
    means.forEach((mean, i) => {
      const steps = 100_000;
      const counts = new Map<number, number>();
      for (let j = 0; j < steps; j++) {
        const k = poissonDraw(tables, i, (j + 0.5) / steps);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      if (mean === 0) expect([...counts.keys()]).toEqual([0]);
      for (const [k, c] of counts) expect(Math.abs(c / steps - poissonPmf(mean, k))).toBeLessThan(2 / steps);
    });
  });

  it('hold every outcome more likely than 1e-17 and end at u just below 1 inside the table', () => {
    const tables = poissonTables(Float64Array.from([3]));
    const highest = tables.lowest[0] + tables.start[1] - 1;
    expect(tables.lowest[0]).toBe(0);
    expect(poissonPmf(3, highest)).toBeGreaterThan(1e-17);
    expect(poissonPmf(3, highest + 1)).toBeLessThan(1e-17);
    expect(poissonDraw(tables, 0, 0)).toBe(0);
    expect(poissonDraw(tables, 0, 1 - 2 ** -32)).toBeLessThanOrEqual(highest);
  });
});

describe('alias tables', () => {
  it('give every category exactly its probability over the u-interval', () => {
    const weights = Float64Array.from([5, 0, 1, 3, 0.5, 0.5]);
    const table = aliasTable(weights);
    const steps = 120_000;
    const counts = new Float64Array(weights.length);
    for (let j = 0; j < steps; j++) counts[aliasDraw(table, (j + 0.5) / steps)]++;
    weights.forEach((w, i) => expect(Math.abs(counts[i] / steps - w / 10)).toBeLessThan(weights.length / steps));
  });
});

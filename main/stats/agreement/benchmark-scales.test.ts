import { describe, expect, it } from 'vitest';
import { ALTMAN, benchmarkLevels, benchmarkMemberships, FLEISS_SCALE, LANDIS_KOCH } from './benchmark-scales';

const cumulative = (estimate: number, se: number, scale: typeof ALTMAN) =>
  benchmarkLevels(estimate, se, scale).map((l) => Math.round(l.cumulativeProbability * 1e5) / 1e5);

describe('benchmark membership probabilities (irrCAC landis.koch.bf, fleiss.bf, altman.bf)', () => {
  // The irrCAC Python port's test/unit/irrCAC/benchmark/test_benchmark.py: Benchmark(coeff = 0.67, se = 0.15).
  it('reproduces the irrCAC port: coefficient 0.67 with SE 0.15 on the three scales', () => {
    expect(cumulative(0.67, 0.15, LANDIS_KOCH)).toEqual([0.18168, 0.67511, 0.96356, 0.99912, 1, 1]);
    expect(cumulative(0.67, 0.15, FLEISS_SCALE)).toEqual([0.28699, 0.96356, 1]);
    expect(cumulative(0.67, 0.15, ALTMAN)).toEqual([0.18168, 0.67511, 0.96356, 0.99912, 1]);
  });

  it('rates AC1 of cac.raw4raters (0.77544, SE 0.14295) Moderate, not Substantial (irrCAC vignette)', () => {
    const levels = benchmarkMemberships(0.77544, 0.14295)!.landisKoch;
    const retained = levels.find((l) => l.cumulativeProbability > 0.95)!;
    expect(retained.label).toBe('Moderate');
    expect(benchmarkMemberships(0.77544, 0.14295)!.fleiss.find((l) => l.cumulativeProbability > 0.95)!.label).toBe(
      'Intermediate to Good',
    );
  });

  it('is null without a positive standard error', () => {
    expect(benchmarkMemberships(0.5, 0)).toBeNull();
    expect(benchmarkMemberships(null, 0.1)).toBeNull();
  });
});

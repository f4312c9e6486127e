import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { incompleteBeta, logGamma, normalCdf, studentTCdf, studentTQuantile, studentTUpper } from './distributions';

describe('normal and Student t distributions', () => {
  it('matches R: pnorm(1.96) = 0.9750021, pnorm(−2.2) = 0.01390345, pnorm(−5) = 2.866516e−07', () => {
    expectRounded(normalCdf(1.96), 0.9750021, 7);
    expectRounded(normalCdf(-2.2), 0.01390345, 8);
    expect(normalCdf(-5) / 2.866516e-7).toBeCloseTo(1, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 15);
  });

  it('is exact where t has a closed form: Cauchy (1 df) and 2 df', () => {
    for (const t of [-3, -0.5, 0.2, 1, 7]) {
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 14);
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 14);
    }
    for (const p of [0.01, 0.3, 0.9, 0.975]) {
      expect(studentTQuantile(p, 1)).toBeCloseTo(Math.tan(Math.PI * (p - 0.5)), 10);
      expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 10);
    }
  });

  it('matches t tables: qt(0.975, 10) = 2.228139, qt(0.975, 11) = 2.200985, qt(0.025, 99) = −1.984217', () => {
    expectRounded(studentTQuantile(0.975, 10), 2.228139, 6);
    expectRounded(studentTQuantile(0.975, 11), 2.200985, 6);
    expectRounded(studentTQuantile(0.025, 99), -1.984217, 6);
    expectRounded(studentTCdf(2, 10), 0.963306, 6);
  });

  it('keeps relative precision far in the upper tail and approaches the normal law for many degrees of freedom', () => {
    // 3 df: P(T > t) = 1/2 − (atan(x) + x/(1 + x²))/π with x = t/√3.
    const x = 10 / Math.sqrt(3);
    expect(studentTUpper(10, 3) / (0.5 - (Math.atan(x) + x / (1 + x * x)) / Math.PI)).toBeCloseTo(1, 10);
    // The t tail exceeds the normal one by about φ(4)(4³ + 4)/(4ν) = 2.3e−9 at ν = 10⁶.
    expect(studentTUpper(4, 1e6) - (1 - normalCdf(4))).toBeCloseTo(2.27e-9, 10);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
  });
});

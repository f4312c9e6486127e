/**
 * 1,000 seeded synthetic studies with a biased judge: the human pass labels of 2,000 calls are Bernoulli(0.7); the
 * judge passes 92% of the passing calls and 45% of the failing ones (agreement 0.7·0.92 + 0.3·0.55 = 80.9%, judge rate
 * 0.779: 7.9 points too high); humans label a simple random sample of 200 calls.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../agreement/prng';
import { classicalMean, judgeOnlyMean } from './classical-mean';
import { ppiPlusPlusMean } from './ppi-mean';

const STUDIES = 1000;
const CALLS = 2000;
const LABELLED = 200;
const TRUE_RATE = 0.7;

interface Judge {
  sensitivity: number;
  specificity: number;
}

/** Runs the studies; buffers are made once and refilled, so nothing is allocated per call. */
function simulate(judge: Judge, seed: number) {
  const next = mulberry32(seed);
  const uniform = () => next() / 2 ** 32;
  const human = new Float64Array(LABELLED);
  const judged = new Float64Array(CALLS);
  const judgedLabelled = judged.subarray(0, LABELLED);
  const judgedOther = judged.subarray(LABELLED);
  const out = { ppiCovers: 0, humanCovers: 0, judgeCovers: 0, judgeError: 0, narrower: 0, ppiWidth: 0, humanWidth: 0 };
  for (let s = 0; s < STUDIES; s++) {
    // Calls arrive in random order, so the first LABELLED are a simple random sample.
    for (let i = 0; i < CALLS; i++) {
      const pass = uniform() < TRUE_RATE;
      judged[i] = (pass ? uniform() < judge.sensitivity : uniform() >= judge.specificity) ? 1 : 0;
      if (i < LABELLED) human[i] = pass ? 1 : 0;
    }
    const ppi = ppiPlusPlusMean(human, judgedLabelled, judgedOther);
    const classical = classicalMean(human);
    const judgeOnly = judgeOnlyMean(judged);
    const covers = (e: { low: number; high: number }) => (e.low <= TRUE_RATE && TRUE_RATE <= e.high ? 1 : 0);
    out.ppiCovers += covers(ppi);
    out.humanCovers += covers(classical);
    out.judgeCovers += covers(judgeOnly);
    out.judgeError += judgeOnly.estimate - TRUE_RATE;
    out.ppiWidth += ppi.high - ppi.low;
    out.humanWidth += classical.high - classical.low;
    if (ppi.high - ppi.low < classical.high - classical.low) out.narrower += 1;
  }
  return {
    ppiCoverage: out.ppiCovers / STUDIES,
    humanCoverage: out.humanCovers / STUDIES,
    judgeCoverage: out.judgeCovers / STUDIES,
    judgeBias: out.judgeError / STUDIES,
    widthRatio: out.ppiWidth / out.humanWidth,
    narrowerShare: out.narrower / STUDIES,
  };
}

describe('PPI++ on 1,000 synthetic studies with a biased judge', () => {
  it('covers the true pass rate 93–97% of the time; the judge-only figure misses it; narrower than humans alone', () => {
    const r = simulate({ sensitivity: 0.92, specificity: 0.55 }, 1);
    expect(r.ppiCoverage).toBeGreaterThanOrEqual(0.93);
    expect(r.ppiCoverage).toBeLessThanOrEqual(0.97);
    // The judge's own figure is 0.779 on average: its interval (±0.018) almost never holds 0.7.
    expect(r.judgeBias).toBeGreaterThan(0.07);
    expect(r.judgeBias).toBeLessThan(0.09);
    expect(r.judgeCoverage).toBeLessThan(0.01);
    // Human labels alone cover too, with wider intervals: corr(Y, f) ≈ 0.52 makes PPI++ ≈ 13% narrower
    // (√(1 − ρ²·N/(n + N)) ≈ 0.87).
    expect(r.humanCoverage).toBeGreaterThanOrEqual(0.93);
    expect(r.widthRatio).toBeLessThan(0.9);
    expect(r.narrowerShare).toBeGreaterThan(0.95);
  });

  it('gains more from a judge that agrees 90% of the time (and stays calibrated)', () => {
    const r = simulate({ sensitivity: 0.95, specificity: 0.8 }, 2);
    expect(r.ppiCoverage).toBeGreaterThanOrEqual(0.93);
    expect(r.ppiCoverage).toBeLessThanOrEqual(0.97);
    expect(r.judgeBias).toBeGreaterThan(0.02);
    expect(r.widthRatio).toBeLessThan(0.75);
  });
});

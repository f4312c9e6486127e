/**
 * Many categories (a multi-label field whose label sets are its categories): the sums that visit only the nonzero
 * terms (sparse-terms.ts, sparse-table.ts) equal, bit for bit, the dense q × q loops they replaced, written out here.
 */
import { describe, expect, it } from 'vitest';
import { agreementIntervals, singleFigure } from './agreement-bootstrap';
import { codeRatings, MISSING, type CodedRatings } from './coding';
import { cohenKappaEstimator, disagreementWeights, kappaFromTable } from './cohen-kappa';
import { accumulateConfusion, confusionCells } from './confusion-matrix';
import { congerChance, congerKappaEstimator, raterCounts, raterShares, type RaterShares } from './conger-kappa';
import { krippendorffAlphaEstimator } from './krippendorff-alpha';
import { drawMultinomialResample, multinomialPlan } from './multinomial';
import { ratingPatterns, type Estimator, type RatingPatterns } from './patterns';
import { mulberry32 } from './prng';
import { chanceAgreement } from './raw-coefficients';
import { agreementReport } from './report';
import { sparseRows } from './sparse-terms';
import { tableAgreement, tableCoefficientEstimator, type TableModel } from './two-rater-table';
import { weightedShares } from './weighted-shares';
import { agreementWeights } from './weights';

/** Items × raters of label sets written as the studio writes them (sorted members joined by "+", "(none)"). */
function labelSets(items: number, raters: number, seed: number) {
  const next = mulberry32(seed);
  const u = () => next() / 2 ** 32;
  const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const labels = Array.from({ length: items }, () => {
    const truth = tags.filter(() => u() < 0.25);
    return Array.from({ length: raters }, () => {
      if (u() < 0.08) return null;
      const set = tags.filter((t) => (truth.includes(t) ? u() < 0.8 : u() < 0.06));
      return set.length === 0 ? '(none)' : set.join('+');
    });
  });
  return { items: labels.map((_, i) => `i${i}`), raters: labels[0].map((_, r) => `r${r}`), labels };
}

/** The observed weights, then resamples: most leave some categories, rows or columns of the table empty. */
function weightings(patterns: RatingPatterns, count: number): Float64Array[] {
  const plan = multinomialPlan(patterns.counts);
  let state = 7;
  return [
    patterns.counts,
    ...Array.from({ length: count }, () => {
      const w = new Float64Array(patterns.counts.length);
      state = drawMultinomialResample(state, plan, w);
      return w;
    }),
  ];
}

function denseTableOf(patterns: RatingPatterns, weights: Float64Array): Float64Array {
  const q = patterns.nCategories;
  const table = new Float64Array(q * q);
  accumulateConfusion(confusionCells(patterns, 0, 1), weights, table);
  return table;
}

/** The former kappaFromTable: κ_w = 1 − Σ w o / Σ w e over every cell. */
function denseKappa(table: Float64Array, q: number, weights: Float64Array): number {
  const rows = new Float64Array(q);
  const cols = new Float64Array(q);
  let n = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      rows[i] += table[i * q + j];
      cols[j] += table[i * q + j];
      n += table[i * q + j];
    }
  }
  if (n === 0) return NaN;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const w = weights[i * q + j];
      observed += w * table[i * q + j];
      expected += (w * rows[i] * cols[j]) / n;
    }
  }
  return expected === 0 ? NaN : 1 - observed / expected;
}

/** The former tableAgreement's p_e and coefficient, over every cell. */
function denseTableFigures(model: TableModel, table: Float64Array, q: number, weights: Float64Array): number[] {
  const rows = new Float64Array(q);
  const cols = new Float64Array(q);
  let n = 0;
  let observed = 0;
  let total = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      const x = table[k * q + l];
      rows[k] += x;
      cols[l] += x;
      n += x;
      observed += weights[k * q + l] * x;
      total += weights[k * q + l];
    }
  }
  for (let k = 0; k < q; k++) {
    rows[k] /= n;
    cols[k] /= n;
  }
  let pe = total / (q * q);
  if (model !== 'uniform') {
    pe = 0;
    for (let k = 0; k < q; k++) {
      for (let l = 0; l < q; l++) {
        const chance = model === 'cohen' ? rows[k] * cols[l] : ((rows[k] + cols[k]) * (rows[l] + cols[l])) / 4;
        pe += weights[k * q + l] * chance;
      }
    }
  }
  const pa = observed / n;
  return [pe, n > 0 && pe < 1 ? (pa - pe) / (1 - pe) : NaN, ...rows, ...cols];
}

/** The former nominal α: coincidences accumulated pattern by pattern, then every cell of o and of n_c n_k δ. */
function denseNominalAlpha(patterns: RatingPatterns, weights: Float64Array): number {
  const { nRaters, nCategories: q, codes } = patterns;
  const o = new Float64Array(q * q);
  const tally = new Float64Array(q);
  for (let p = 0; p < weights.length; p++) {
    tally.fill(0);
    let m = 0;
    for (let r = 0; r < nRaters; r++) {
      const c = codes[p * nRaters + r];
      if (c !== MISSING) [tally[c], m] = [tally[c] + 1, m + 1];
    }
    if (m < 2 || weights[p] === 0) continue;
    for (let c = 0; c < q; c++) {
      for (let k = 0; k < q; k++) {
        const pairs = c === k ? tally[c] * (tally[c] - 1) : tally[c] * tally[k];
        if (pairs !== 0) o[c * q + k] += weights[p] * (pairs / (m - 1));
      }
    }
  }
  const marginals = new Float64Array(q);
  for (let c = 0; c < q; c++) for (let k = 0; k < q; k++) marginals[c] += o[c * q + k];
  let observed = 0;
  for (let e = 0; e < q * q; e++) observed += o[e] * (e % (q + 1) === 0 ? 0 : 1);
  let n = 0;
  let expected = 0;
  for (let c = 0; c < q; c++) {
    n += marginals[c];
    for (let k = 0; k < q; k++) expected += marginals[c] * marginals[k] * (c === k ? 0 : 1);
  }
  return n < 2 || expected === 0 ? NaN : 1 - ((n - 1) * observed) / expected;
}

/** The former Conger p_e over every pair of categories. */
function denseCongerChance(s: RaterShares, weights: Float64Array, q: number): number {
  const r = s.raters.length;
  let pe = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      let cross = 0;
      for (let g = 0; g < r; g++) cross += s.shares[g * q + k] * s.shares[g * q + l];
      const mean = s.mean[k] * s.mean[l];
      pe += weights[k * q + l] * (mean - (cross - r * mean) / (r * (r - 1)));
    }
  }
  return pe;
}

const twoRaterTable = labelSets(300, 2, 3);
const twoRaters = codeRatings(twoRaterTable);
const fourRaters = codeRatings(labelSets(300, 4, 5));

describe('many label-set categories: the sparse sums equal the dense ones bit for bit', () => {
  it('has the case it is about: dozens of categories, most cells of a table empty', () => {
    expect(twoRaters.categories.length).toBeGreaterThan(40);
    expect(fourRaters.categories.length).toBeGreaterThan(40);
    const table = denseTableOf(ratingPatterns(twoRaters), ratingPatterns(twoRaters).counts);
    expect(table.filter((x) => x > 0).length).toBeLessThan(table.length / 10);
  });

  it("Cohen's κ (unweighted, linear, quadratic) on the table and on 40 resamples", () => {
    const patterns = ratingPatterns(twoRaters);
    const q = patterns.nCategories;
    for (const weighting of ['unweighted', 'linear', 'quadratic'] as const) {
      const estimator = cohenKappaEstimator(patterns, weighting);
      for (const w of weightings(patterns, 40)) {
        const dense = denseKappa(denseTableOf(patterns, w), q, disagreementWeights(q, weighting));
        expect(estimator(w)).toBe(dense);
      }
    }
  });

  it("Cohen's, Scott's and Brennan–Prediger's table coefficients, identity and quadratic weights", () => {
    const patterns = ratingPatterns(twoRaters);
    const q = patterns.nCategories;
    for (const family of ['identity', 'quadratic'] as const) {
      const weights = agreementWeights(family, twoRaters.categories);
      for (const model of ['cohen', 'scott', 'uniform'] as const) {
        const estimator = tableCoefficientEstimator(model, patterns, weights);
        for (const w of weightings(patterns, 20)) {
          const table = denseTableOf(patterns, w);
          const [pe, estimate, ...shares] = denseTableFigures(model, table, q, weights);
          const t = tableAgreement(model, table, q, weights);
          expect([t.pe, t.estimate, ...t.rows, ...t.columns]).toEqual([pe, estimate, ...shares]);
          expect(estimator(w)).toBe(estimate);
        }
      }
    }
  });

  it('an empty table keeps the dense form’s NaN shares and p_e (and κ is undefined)', () => {
    const q = 5;
    const weights = agreementWeights('identity', ['a', 'b', 'c', 'd', 'e']);
    for (const model of ['cohen', 'scott', 'uniform'] as const) {
      const t = tableAgreement(model, new Float64Array(q * q), q, weights);
      const [pe, estimate, ...shares] = denseTableFigures(model, new Float64Array(q * q), q, weights);
      expect([t.pe, t.estimate, ...t.rows, ...t.columns]).toEqual([pe, estimate, ...shares]);
    }
    expect(kappaFromTable(new Float64Array(q * q), q, disagreementWeights(q, 'unweighted'))).toBeNaN();
  });

  it.each([
    ['two', twoRaters],
    ['four', fourRaters],
  ])("nominal α and Conger's p_e with %s raters, on the table and on 40 resamples", (_, coded: CodedRatings) => {
    const patterns = ratingPatterns(coded);
    const q = patterns.nCategories;
    const alpha = krippendorffAlphaEstimator(patterns, 'nominal', coded.categories);
    const identity = agreementWeights('identity', coded.categories);
    const quadratic = agreementWeights('quadratic', coded.categories);
    const counts = new Float64Array(patterns.nRaters * q);
    for (const w of weightings(patterns, 40)) {
      expect(alpha(w)).toBe(denseNominalAlpha(patterns, w));
      raterCounts(patterns, w, counts);
      const shares = raterShares(counts, patterns.nRaters, q);
      for (const weights of [identity, quadratic]) {
        expect(congerChance(shares, sparseRows(weights, q), q)).toBe(denseCongerChance(shares, weights, q));
      }
    }
    expect(congerKappaEstimator(patterns, identity)(patterns.counts)).not.toBeNaN();
  });

  it("Fleiss' p_e and the weighted counts of each pattern", () => {
    const patterns = ratingPatterns(fourRaters);
    const q = patterns.nCategories;
    const weights = agreementWeights('quadratic', fourRaters.categories);
    const pi = Float64Array.from({ length: q }, (_, k) => (k % 3 === 0 ? 0 : 1 / (k + 2)));
    let dense = 0;
    for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) dense += weights[k * q + l] * pi[k] * pi[l];
    expect(chanceAgreement('fleiss', pi, weights, 0)).toBe(dense);
    for (const family of ['identity', 'quadratic'] as const) {
      const w = agreementWeights(family, fourRaters.categories);
      const s = weightedShares(patterns, w);
      for (let p = 0; p < patterns.counts.length; p++) {
        const m = s.ratings[p];
        if (m < 2) continue;
        let sum = 0;
        for (let k = 0; k < q; k++) {
          const rk = s.counts[p * q + k];
          if (rk === 0) continue;
          let weighted = 0;
          for (let l = 0; l < q; l++) weighted += w[k * q + l] * s.counts[p * q + l];
          sum += rk * (weighted - 1);
        }
        expect(s.agreement[p]).toBe(sum / (m * (m - 1)));
      }
    }
  });

  it('the report gives the dense figures and the same intervals as dense estimators on the same resamples', () => {
    const report = agreementReport(twoRaterTable, { resamples: 300, seed: 11 });
    const patterns = ratingPatterns(twoRaters);
    const q = patterns.nCategories;
    const dense = denseTableOf(patterns, patterns.counts);
    expect(report.statistics.cohenKappa!.estimate).toBe(denseKappa(dense, q, disagreementWeights(q, 'unweighted')));
    expect(report.statistics.krippendorffAlpha.estimate).toBe(denseNominalAlpha(patterns, patterns.counts));
    const denseKappaEstimator = (p: RatingPatterns): Estimator => (w) =>
      denseKappa(denseTableOf(p, w), q, disagreementWeights(q, 'unweighted'));
    const plan = (kappa: (p: RatingPatterns) => Estimator, alpha: (p: RatingPatterns) => Estimator) => ({
      exchangeable: [singleFigure('krippendorffAlpha', alpha)],
      raterSpecific: [singleFigure('cohenKappa', kappa)],
    });
    const options = { resamples: 300, seed: 11 };
    const sparse = agreementIntervals(
      patterns,
      plan(cohenKappaEstimator, (p) => krippendorffAlphaEstimator(p, 'nominal', twoRaters.categories)),
      options,
    );
    const former = plan(denseKappaEstimator, (p) => (w) => denseNominalAlpha(p, w));
    expect(sparse).toEqual(agreementIntervals(patterns, former, options));
    expect(report.statistics.cohenKappa).toEqual(sparse.cohenKappa);
  });
});

/**
 * The Hayes–Krippendorff bootstrap of α (Hayes & Krippendorff 2007, "Answering the call for a standard reliability
 * measure for coding data", Communication Methods and Measures 1:77–89; Krippendorff 2006, "Bootstrapping
 * distributions for Krippendorff's alpha"), as Hayes's KALPHA macro (version 3.0, 2011) computes it: instead of
 * resampling units, each resample draws M pairs of values from the coincidence matrix, M = min(25·z, (R − 1)·n/2) with
 * z the non-zero cells of the matrix, R the raters and n the pairable values, and α* = 1 − Σ δ²(drawn pairs) / (M·D_e),
 * D_e the expected disagreement per pair of the data, kept fixed.
 */
import { fillDistances, coincidenceMatrix } from './krippendorff-alpha';
import { metricValues, type AlphaMetric } from './alpha-metrics';
import { bootstrapSettings, percentileInterval, type BootstrapOptions } from './bootstrap';
import { MISSING, type CodedRatings } from './coding';
import { multinomialPlan, drawMultinomialResample } from './multinomial';
import type { PairBootstrapInterval } from '../../../shared/types/agreement-report';

/** The minimum α values whose probability of not being reached is reported (Krippendorff 2004, §11.4: .800, .667). */
export const ALPHA_MINIMA = [0.8, 0.667] as const;

/** The pair bootstrap's interval with the number of pairs per resample and KALPHA's q(α < α_min). */
export type PairBootstrap = PairBootstrapInterval;

/** The pairable values n and Σ_u m_u(m_u − 1)/2, over the units with at least two values, counted exactly. */
function pairCount(coded: CodedRatings): { values: number; pairs: number } {
  const r = coded.raters.length;
  let values = 0;
  let pairs = 0;
  for (let i = 0; i < coded.items.length; i++) {
    let m = 0;
    for (let k = 0; k < r; k++) if (coded.codes[i * r + k] !== MISSING) m++;
    if (m < 2) continue;
    values += m;
    pairs += (m * (m - 1)) / 2;
  }
  return { values, pairs };
}

/** KALPHA's correction: α* = 1 becomes 0, all of them with one diagonal cell, else the first `expected`; returns how many. */
function correctNoVariation(draws: Float64Array, diagonalCells: number, expected: number): number {
  let changed = 0;
  for (let b = 0; b < draws.length; b++) {
    if (draws[b] !== 1 || (diagonalCells > 1 && changed >= expected)) continue;
    draws[b] = 0;
    changed++;
  }
  return changed;
}

/**
 * Hayes & Krippendorff's bootstrap of α at the given metric: cells c ≤ k of the coincidence matrix are drawn with
 * probability o_cc/n (c = k) or 2·o_ck/n (c < k); each resample's M cell counts are one Multinomial(M, ·) draw
 * (conditional binomials from mulberry32(seed)); α* below −1 is set to −1. KALPHA's correction for resamples that
 * should be indeterminate: with one non-zero diagonal cell every α* = 1 becomes 0; otherwise up to
 * round(B · Σ_c (o_cc/n)^P) of them do (P the data's pairs). Percentile interval of type 7.
 */
export function hayesKrippendorffBootstrap(
  coded: CodedRatings,
  metric: AlphaMetric = 'nominal',
  options: BootstrapOptions = {},
): PairBootstrap {
  const settings = bootstrapSettings(options);
  const q = coded.categories.length;
  const o = coincidenceMatrix(coded);
  const marginals = new Float64Array(q);
  let n = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) marginals[c] += o[c][k];
    n += marginals[c];
  }
  const delta = new Float64Array(q * q);
  fillDistances(metric, q, marginals, metricValues(metric, coded.categories), delta);
  let expectedSum = 0;
  let observedSum = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) {
      expectedSum += marginals[c] * marginals[k] * delta[c * q + k];
      observedSum += o[c][k] * delta[c * q + k];
    }
  }
  const expectedPerPair = n >= 2 ? expectedSum / (n * (n - 1)) : 0;
  const estimate = n >= 2 && expectedPerPair > 0 ? 1 - observedSum / n / expectedPerPair : NaN;

  const mass: number[] = [];
  const distance: number[] = [];
  for (let c = 0; c < q; c++) {
    for (let k = c; k < q; k++) {
      const w = c === k ? o[c][c] : 2 * o[c][k];
      if (w <= 0) continue;
      mass.push(w);
      distance.push(delta[c * q + k]);
    }
  }
  const { values: pairable, pairs: dataPairs } = pairCount(coded);
  let nonZero = 0;
  let diagonalCells = 0;
  let allOneValue = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) if (o[c][k] > 0) nonZero++;
    if (o[c][c] > 0) diagonalCells++;
    if (n > 0) allOneValue += (o[c][c] / n) ** dataPairs;
  }
  const pairs = Math.min(25 * nonZero, Math.floor(((coded.raters.length - 1) * pairable) / 2));
  const draws = new Float64Array(settings.resamples);
  let noVariation = 0;
  if (Number.isFinite(estimate) && mass.length > 0) {
    const plan = multinomialPlan(Float64Array.from(mass), pairs);
    const counts = new Float64Array(mass.length);
    let state = settings.seed | 0;
    for (let b = 0; b < settings.resamples; b++) {
      state = drawMultinomialResample(state, plan, counts);
      let sum = 0;
      for (let e = 0; e < counts.length; e++) sum += counts[e] * distance[e];
      draws[b] = Math.max(-1, 1 - sum / (pairs * expectedPerPair));
    }
    noVariation = correctNoVariation(draws, diagonalCells, Math.round(settings.resamples * allOneValue));
  } else draws.fill(NaN);
  const interval = percentileInterval(draws, estimate, settings);
  const valid = settings.resamples - interval.undefinedResamples;
  const belowMinimum = ALPHA_MINIMA.map((alphaMin) => {
    let below = 0;
    for (const x of draws) if (x < alphaMin) below++;
    return { alphaMin, probability: valid ? below / valid : null };
  });
  return {
    ...interval,
    method: 'hayes-krippendorff',
    pairs,
    dataPairs,
    noVariationResamples: noVariation,
    belowMinimum,
  };
}

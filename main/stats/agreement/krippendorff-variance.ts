/**
 * Gwet's linearization variance of Krippendorff's α (Gwet 2014, ch. 5; irrCAC krippen.alpha.raw) over the units with
 * at least two values, with agreement weights w = 1 − δ²/max δ² of the metric (α is unchanged by scaling δ²).
 */
import { metricValues, type AlphaMetric } from './alpha-metrics';
import type { VarianceEstimate } from './analytic';
import { fillDistances } from './krippendorff-alpha';
import type { RatingPatterns } from './patterns';
import { weightedShares } from './weighted-shares';

/** Agreement weights 1 − δ²_ck / max δ² of a metric that does not depend on the data; null for ordinal. */
export function metricWeights(metric: AlphaMetric, categories: readonly string[]): Float64Array | null {
  if (metric === 'ordinal') return null;
  const q = categories.length;
  const delta = new Float64Array(q * q);
  fillDistances(metric, q, new Float64Array(q), metricValues(metric, categories), delta);
  const largest = delta.reduce((m, d) => Math.max(m, d), 0);
  return delta.map((d) => (largest > 0 ? 1 - d / largest : 1));
}

/**
 * α with Gwet's variance: over the n pairable units (m_u ≥ 2), r̄ their mean number of values, ε = 1/Σ m_u,
 * p'_a = Σ_u c_u / (n r̄ (m_u − 1)) with c_u = Σ_k r_uk (r*_uk − 1), p_a = (1 − ε)p'_a + ε, π_k = Σ_u r_uk / (n r̄),
 * p_e = Σ w_kl π_k π_l; unit u contributes α_u = (p_a,u − p_e)/(1 − p_e) with
 * p_a,u = c_u / (r̄(m_u − 1)) − p'_a (m_u − r̄)/r̄, corrected by −2(1 − α')(p_e,u − p_e)/(1 − p_e) with
 * p_e,u = Σ_k r_uk π̄_k / r̄ − p_e (m_u − r̄)/r̄, α' = (p'_a − p_e)/(1 − p_e); v = Σ_u (α*_u − α')² / (n(n − 1)).
 */
export function krippendorffVariance(patterns: RatingPatterns, weights: Float64Array): VarianceEstimate {
  const s = weightedShares(patterns, weights);
  const { q, ratings, agreement, counts } = s;
  let n = 0;
  let values = 0;
  patterns.counts.forEach((c, p) => {
    if (ratings[p] < 2) return;
    n += c;
    values += c * ratings[p];
  });
  const mean = values / n;
  const pi = new Float64Array(q);
  let paPrime = 0;
  const unitAgreement = (p: number) => (agreement[p] * ratings[p]) / mean; // c_u / (r̄ (m_u − 1))
  patterns.counts.forEach((c, p) => {
    if (ratings[p] < 2) return;
    paPrime += (c * unitAgreement(p)) / n;
    for (let k = 0; k < q; k++) pi[k] += (c * counts[p * q + k]) / (n * mean);
  });
  const pa = (1 - 1 / values) * paPrime + 1 / values;
  const symmetric = new Float64Array(q);
  let pe = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      pe += weights[k * q + l] * pi[k] * pi[l];
      symmetric[k] += ((weights[k * q + l] + weights[l * q + k]) * pi[l]) / 2;
    }
  }
  const estimate = (pa - pe) / (1 - pe);
  const alphaPrime = (paPrime - pe) / (1 - pe);
  let sum = 0;
  patterns.counts.forEach((c, p) => {
    const m = ratings[p];
    if (m < 2) return;
    const unitPa = unitAgreement(p) - (paPrime * (m - mean)) / mean;
    let unitPe = 0;
    for (let k = 0; k < q; k++) unitPe += (counts[p * q + k] * symmetric[k]) / mean;
    unitPe -= (pe * (m - mean)) / mean;
    const unit = (unitPa - pe) / (1 - pe) - (2 * (1 - alphaPrime) * (unitPe - pe)) / (1 - pe);
    sum += c * (unit - alphaPrime) ** 2;
  });
  return { estimate, pa, pe, variance: n >= 2 ? sum / (n * (n - 1)) : NaN, n };
}

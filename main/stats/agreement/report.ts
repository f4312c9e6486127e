/** The agreement report: every statistic with its bootstrap interval and analytic inference, as one JSON object. */
import { agreementIntervals } from './agreement-bootstrap';
import { ALPHA_METRICS, assertRatioLabels, type AlphaMetric } from './alpha-metrics';
import type { AnalyticOptions } from './analytic';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from './bootstrap';
import { isNumericLabel } from './categories';
import { codeRatings, MISSING, type CodedRatings } from './coding';
import { confusionMatrix } from './confusion-matrix';
import { hayesKrippendorffBootstrap } from './hayes-krippendorff';
import { ratingPatterns } from './patterns';
import type { RatingsTable } from './ratings';
import { levelWeights, reportCoefficients, reportPlan, type ReportScale } from './report-coefficients';
import { WEIGHT_FAMILIES, type WeightFamily } from './weights';
import type { AgreementReport, AgreementStatistics } from '../../../shared/types/agreement-report';
import { DomainError } from '../../domain/errors';

/**
 * Options of the report: level of measurement (α's metric, nominal … bipolar), the weight family of the weighted
 * forms, explicit category order, the bootstrap settings (the confidence level is also the analytic intervals'), and
 * the population size of the analytic finite-population correction.
 */
export interface AgreementOptions extends BootstrapOptions {
  level?: AlphaMetric;
  /** Weight family of the weighted forms; default the level's natural one (none at nominal level). */
  weights?: WeightFamily;
  categories?: readonly string[];
  population?: AnalyticOptions['population'];
  /** Also bootstrap α by the Hayes–Krippendorff pair resampling (KALPHA), beside the item bootstrap. */
  pairBootstrap?: boolean;
}

/** The report's shapes (defined in shared/, the contract both sides read). */
export type { AgreementReport, AgreementStatistics };

/**
 * The level and weight family of a report, checked against the coded labels: ratio level needs numbers ≥ 0 (refused
 * as invalid input otherwise); other levels off nominal, and weights other than the identity, need numeric labels
 * or an explicit category order.
 */
function reportScale(coded: CodedRatings, options: AgreementOptions): ReportScale {
  const level = options.level ?? 'nominal';
  if (!ALPHA_METRICS.includes(level)) {
    throw new Error(`level must be one of ${ALPHA_METRICS.join(', ')}, got "${String(level)}"`);
  }
  const family = options.weights ?? levelWeights(level);
  if (family !== null && !WEIGHT_FAMILIES.includes(family)) {
    throw new Error(`weights must be one of ${WEIGHT_FAMILIES.join(', ')}, got "${String(family)}"`);
  }
  if (level === 'ratio') assertRatioLabels(coded.categories);
  const ordered = options.categories !== undefined || coded.categories.every(isNumericLabel);
  if (level !== 'nominal' && !ordered) {
    throw new DomainError('invalid_input', `${level} level with non-numeric labels needs an explicit category order`);
  }
  if (family !== null && family !== 'identity' && !ordered) {
    throw new DomainError('invalid_input', `${family} weights with non-numeric labels need an explicit category order`);
  }
  return { level, family };
}

/** Every agreement statistic of a ratings table with its percentile bootstrap interval and analytic inference. */
export function agreementReport(table: RatingsTable, options: AgreementOptions = {}): AgreementReport {
  if (table.raters.length < 2)
    throw new Error(`agreement needs at least 2 raters, the table has ${table.raters.length}`);
  const coded = codeRatings(table, options.categories);
  const scale = reportScale(coded, options);
  const { level } = scale;
  const patterns = ratingPatterns(coded);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const plan = reportPlan(coded, level, scale.family);
  const intervals = agreementIntervals(patterns, plan, { resamples, seed, confidence });
  const population = options.population ?? null;
  const coefficients = reportCoefficients(coded, patterns, scale, intervals, { confidence, population });

  const nRaters = coded.raters.length;
  let nRatings = 0;
  let nRated = 0;
  let nPairable = 0;
  for (let i = 0; i < coded.items.length; i++) {
    let m = 0;
    for (let r = 0; r < nRaters; r++) if (coded.codes[i * nRaters + r] !== MISSING) m++;
    nRatings += m;
    if (m >= 1) nRated++;
    if (m >= 2) nPairable++;
  }
  return {
    level,
    nItems: coded.items.length,
    nRatedItems: nRated,
    nPairableItems: nPairable,
    nRaters,
    raters: [...coded.raters],
    nRatings,
    categories: [...coded.categories],
    bootstrap: { method: 'percentile', unit: 'item', prng: 'mulberry32', resamples, seed, confidence },
    statistics: {
      percentAgreement: intervals.percentAgreement,
      fleissKappa: intervals.fleissKappa,
      gwetAc1: intervals.gwetAc1,
      krippendorffAlpha: intervals.krippendorffAlpha,
      cohenKappa: intervals.cohenKappa ?? null,
      cohenKappaLinear: intervals.cohenKappaLinear ?? null,
      cohenKappaQuadratic: intervals.cohenKappaQuadratic ?? null,
    },
    confusionMatrix: nRaters === 2 ? confusionMatrix(coded) : null,
    coefficients,
    analytic: { method: 'gwet-linearization', confidence, population },
    ...(options.pairBootstrap
      ? { alphaPairBootstrap: hayesKrippendorffBootstrap(coded, level, { resamples, seed, confidence }) }
      : {}),
  };
}

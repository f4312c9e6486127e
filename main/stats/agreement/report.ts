/** The agreement report: every statistic with its bootstrap interval and analytic inference, as one JSON object. */
import { agreementIntervals } from './agreement-bootstrap';
import type { AnalyticOptions } from './analytic';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from './bootstrap';
import { isNumericLabel, LEVELS, type Level } from './categories';
import { codeRatings, MISSING } from './coding';
import { confusionMatrix } from './confusion-matrix';
import { hayesKrippendorffBootstrap } from './hayes-krippendorff';
import { ratingPatterns } from './patterns';
import type { RatingsTable } from './ratings';
import { reportCoefficients, reportPlan } from './report-coefficients';
import type { AgreementReport, AgreementStatistics } from '../../../shared/types/agreement-report';

/**
 * Options of the report: level of measurement, explicit category order, the bootstrap settings (the confidence level
 * is also the analytic intervals'), and the population size of the analytic finite-population correction.
 */
export interface AgreementOptions extends BootstrapOptions {
  level?: Level;
  categories?: readonly string[];
  population?: AnalyticOptions['population'];
  /** Also bootstrap α by the Hayes–Krippendorff pair resampling (KALPHA), beside the item bootstrap. */
  pairBootstrap?: boolean;
}

/** The report's shapes (defined in shared/, the contract both sides read). */
export type { AgreementReport, AgreementStatistics };

/** Every agreement statistic of a ratings table with its percentile bootstrap interval and analytic inference. */
export function agreementReport(table: RatingsTable, options: AgreementOptions = {}): AgreementReport {
  const level = options.level ?? 'nominal';
  if (!LEVELS.includes(level)) throw new Error(`level must be one of ${LEVELS.join(', ')}, got "${String(level)}"`);
  if (table.raters.length < 2)
    throw new Error(`agreement needs at least 2 raters, the table has ${table.raters.length}`);
  const coded = codeRatings(table, options.categories);
  if (level !== 'nominal' && !options.categories && !coded.categories.every(isNumericLabel)) {
    throw new Error(`${level} level with non-numeric labels needs an explicit category order`);
  }
  const patterns = ratingPatterns(coded);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const intervals = agreementIntervals(patterns, reportPlan(coded, level), { resamples, seed, confidence });
  const population = options.population ?? null;
  const coefficients = reportCoefficients(coded, patterns, level, intervals, { confidence, population });

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

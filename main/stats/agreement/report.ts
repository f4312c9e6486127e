/** The agreement report: every statistic with its bootstrap interval, as one JSON-serializable object. */
import { bootstrapIntervals, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapInterval, type BootstrapOptions } from './bootstrap';
import { isNumericLabel, LEVELS, type Level } from './categories';
import { codeRatings, MISSING } from './coding';
import { cohenKappaEstimator } from './cohen-kappa';
import { confusionMatrix, type ConfusionMatrix } from './confusion-matrix';
import { fleissKappaEstimator } from './fleiss-kappa';
import { gwetAc1Estimator } from './gwet-ac1';
import { krippendorffAlphaEstimator } from './krippendorff-alpha';
import { ratingPatterns, type Estimator } from './patterns';
import { percentAgreementEstimator } from './percent-agreement';
import type { RatingsTable } from './ratings';
import type { AgreementReport, AgreementStatistics } from '../../../shared/types/agreement-report';

/** Options of the report: level of measurement, explicit category order, and the bootstrap settings. */
export interface AgreementOptions extends BootstrapOptions {
  level?: Level;
  categories?: readonly string[];
}


/** The report's shapes (defined in shared/, the contract both sides read). */
export type { AgreementReport, AgreementStatistics };

/** Computes every agreement statistic with its percentile bootstrap interval for a ratings table. */
export function agreementReport(table: RatingsTable, options: AgreementOptions = {}): AgreementReport {
  const level = options.level ?? 'nominal';
  if (!LEVELS.includes(level)) throw new Error(`level must be one of ${LEVELS.join(', ')}, got "${String(level)}"`);
  if (table.raters.length < 2) throw new Error(`agreement needs at least 2 raters, the table has ${table.raters.length}`);
  const coded = codeRatings(table, options.categories);
  if (level !== 'nominal' && !options.categories && !coded.categories.every(isNumericLabel)) {
    throw new Error(`${level} level with non-numeric labels needs an explicit category order`);
  }
  const patterns = ratingPatterns(coded);
  const twoRaters = coded.raters.length === 2;
  const estimators: Record<string, Estimator> = {
    percentAgreement: percentAgreementEstimator(patterns),
    fleissKappa: fleissKappaEstimator(patterns),
    gwetAc1: gwetAc1Estimator(patterns),
    krippendorffAlpha: krippendorffAlphaEstimator(patterns, level, coded.categories),
  };
  if (twoRaters) estimators.cohenKappa = cohenKappaEstimator(patterns, 'unweighted');
  if (twoRaters && level !== 'nominal') {
    estimators.cohenKappaLinear = cohenKappaEstimator(patterns, 'linear');
    estimators.cohenKappaQuadratic = cohenKappaEstimator(patterns, 'quadratic');
  }
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const intervals = bootstrapIntervals(patterns, estimators, { resamples, seed, confidence });

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
    confusionMatrix: twoRaters ? confusionMatrix(coded) : null,
  };
}

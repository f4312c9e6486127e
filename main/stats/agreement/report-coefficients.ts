/**
 * The report's coefficients: which the level and the number of raters allow, their bootstrap plan, and each one's
 * estimate with its analytic inference, bootstrap interval and benchmark memberships.
 */
import type { AgreementCoefficients, Coefficient, WeightedCoefficients } from '../../../shared/types/agreement-report';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import { singleFigure, type BootstrapPlan, type EstimatorBuilder, type FigureSet } from './agreement-bootstrap';
import type { AlphaMetric } from './alpha-metrics';
import type { AnalyticOptions } from './analytic';
import { dichotomize, BINARY_IDENTITY } from './category-kappa';
import type { CodedRatings } from './coding';
import { cohenKappaEstimator } from './cohen-kappa';
import { congerKappaEstimator } from './conger-kappa';
import { congerVariance } from './conger-variance';
import { fromVariance, ratedUnits, type AnalyticCoefficient } from './inference';
import { krippendorffAlphaEstimator } from './krippendorff-alpha';
import { krippendorffVariance, metricWeights } from './krippendorff-variance';
import { pabak } from './pabak';
import type { RatingPatterns } from './patterns';
import type { ChanceModel } from './raw-coefficients';
import { rawCoefficientVariance } from './raw-variance';
import { shareFigureNames, shareFigures } from './share-figures';
import { tableCoefficientEstimator, type TableModel } from './two-rater-table';
import { tableVariance } from './two-rater-variance';
import { agreementWeights, type WeightFamily } from './weights';

/**
 * The natural weights of a level's weighted coefficients: ordinal weights at ordinal level, quadratic at interval,
 * the family of the same name at ratio, circular and bipolar levels; none at nominal level.
 */
export function levelWeights(level: AlphaMetric): WeightFamily | null {
  if (level === 'nominal') return null;
  return level === 'interval' ? 'quadratic' : level;
}

/** What the report measures with: α's level, and the weight family of the weighted forms (null: none). */
export interface ReportScale {
  level: AlphaMetric;
  family: WeightFamily | null;
}

/**
 * Every coefficient the report bootstraps: exchangeable ones always (with the per-category κ and, with a weight
 * family, the weighted forms); with exactly two raters also Cohen's κ (rank-weighted off nominal level, and with the
 * family), Scott's π, Conger's κ and, for two categories, PABAK. Conger's κ with more raters has no bootstrap (it
 * needs every pattern).
 */
export function reportPlan(
  coded: CodedRatings,
  level: AlphaMetric,
  family: WeightFamily | null = levelWeights(level),
): BootstrapPlan {
  const categories = coded.categories;
  const identity = agreementWeights('identity', categories);
  const weights = family && agreementWeights(family, categories);
  const exchangeable: FigureSet[] = [
    { names: shareFigureNames(categories, weights !== null), build: (p) => shareFigures(p, weights) },
    singleFigure('krippendorffAlpha', (p) => krippendorffAlphaEstimator(p, level, categories)),
  ];
  const raterSpecific: FigureSet[] = [];
  const specific = (name: string, builder: EstimatorBuilder) => raterSpecific.push(singleFigure(name, builder));
  if (coded.raters.length === 2) {
    specific('cohenKappa', (p) => cohenKappaEstimator(p, 'unweighted'));
    if (level !== 'nominal') {
      specific('cohenKappaLinear', (p) => cohenKappaEstimator(p, 'linear'));
      specific('cohenKappaQuadratic', (p) => cohenKappaEstimator(p, 'quadratic'));
    }
    specific('scottPi', (p) => tableCoefficientEstimator('scott', p, identity));
    specific('congerKappa', (p) => congerKappaEstimator(p, identity));
    if (weights) {
      specific('weighted.cohenKappa', (p) => tableCoefficientEstimator('cohen', p, weights));
      specific('weighted.congerKappa', (p) => congerKappaEstimator(p, weights));
    }
    if (categories.length === 2) specific('pabak', (p) => tableCoefficientEstimator('uniform', p, identity));
  }
  return { exchangeable, raterSpecific };
}

/** One coefficient of the report: the bootstrap's estimate where there is one (the analytic one otherwise). */
function coefficient(analytic: AnalyticCoefficient, bootstrap: BootstrapInterval | undefined): Coefficient {
  return {
    estimate: bootstrap ? bootstrap.estimate : analytic.estimate,
    pa: analytic.pa,
    pe: analytic.pe,
    analytic: analytic.analytic,
    bootstrap: bootstrap ?? null,
    benchmarks: analytic.benchmarks,
  };
}

/** Assembles every coefficient of the plan (α at `level`, weighted forms with `family`) with its analytic inference. */
export function reportCoefficients(
  coded: CodedRatings,
  patterns: RatingPatterns,
  scale: ReportScale,
  intervals: Record<string, BootstrapInterval>,
  options: AnalyticOptions,
): AgreementCoefficients {
  const categories = coded.categories;
  const identity = agreementWeights('identity', categories);
  const { level, family } = scale;
  const twoRaters = coded.raters.length === 2;
  const raw = (model: ChanceModel, weights: Float64Array) => {
    const v = rawCoefficientVariance(model, patterns, weights);
    return fromVariance(v, v.n, options);
  };
  const table = (model: TableModel, weights: Float64Array) => {
    const v = tableVariance(model, patterns, weights);
    return fromVariance(v, v.n, options);
  };
  const conger = (weights: Float64Array) => {
    const v = congerVariance(patterns, weights);
    return fromVariance(v, v.n, options);
  };
  const alphaWeights = metricWeights(level, categories);
  const alpha: AnalyticCoefficient = alphaWeights
    ? fromVariance(krippendorffVariance(patterns, alphaWeights), ratedUnits(patterns), options)
    : {
        estimate: null,
        pa: null,
        pe: null,
        analytic: { se: null, low: null, high: null, p: null, df: ratedUnits(patterns) - 1 },
        benchmarks: null,
      };
  let weighted: WeightedCoefficients | null = null;
  if (family) {
    const w = agreementWeights(family, categories);
    const part = (key: keyof WeightedCoefficients, model: ChanceModel) =>
      coefficient(raw(model, w), intervals[`weighted.${key}`]);
    weighted = {
      weights: family,
      percentAgreement: part('percentAgreement', 'none'),
      brennanPrediger: part('brennanPrediger', 'uniform'),
      fleissKappa: part('fleissKappa', 'fleiss'),
      congerKappa: coefficient(conger(w), intervals['weighted.congerKappa']),
      gwetAc2: part('gwetAc2', 'gwet'),
      cohenKappa: twoRaters ? coefficient(table('cohen', w), intervals['weighted.cohenKappa']) : null,
    };
  }
  let binary: AgreementCoefficients['pabak'] = null;
  if (twoRaters && categories.length === 2) {
    const figures = pabak(coded);
    binary = {
      positive: figures.positive,
      pabak: coefficient(table('uniform', identity), intervals.pabak),
      prevalenceIndex: figures.prevalenceIndex,
      biasIndex: figures.biasIndex,
      n: figures.n,
    };
  }
  return {
    percentAgreement: coefficient(raw('none', identity), intervals.percentAgreement),
    brennanPrediger: coefficient(raw('uniform', identity), intervals.brennanPrediger),
    fleissKappa: coefficient(raw('fleiss', identity), intervals.fleissKappa),
    congerKappa: coefficient(conger(identity), intervals.congerKappa),
    gwetAc1: coefficient(raw('gwet', identity), intervals.gwetAc1),
    krippendorffAlpha: coefficient(alpha, intervals.krippendorffAlpha),
    cohenKappa: twoRaters ? coefficient(table('cohen', identity), intervals.cohenKappa) : null,
    scottPi: twoRaters ? coefficient(table('scott', identity), intervals.scottPi) : null,
    perCategory: categories.map((category, j) => {
      const v = rawCoefficientVariance('fleiss', dichotomize(patterns, j), BINARY_IDENTITY);
      return { category, kappa: coefficient(fromVariance(v, v.n, options), intervals[`category:${j}`]) };
    }),
    weighted,
    pabak: binary,
  };
}

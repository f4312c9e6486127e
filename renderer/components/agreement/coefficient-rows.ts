/** The rows the agreement table can show: every coefficient of a report with its bootstrap and analytic inference. */
import type {
  AgreementReport,
  BenchmarkLevel,
  BenchmarkMemberships,
  Coefficient,
} from '../../../shared/types/agreement-report';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';

/** One coefficient as the table shows it. */
export interface CoefficientRow {
  key: string;
  label: string;
  estimate: number | null;
  /** The percentile bootstrap interval, when there is one. */
  bootstrap: Pick<BootstrapInterval, 'low' | 'high'> | null;
  /** Gwet's SE, t interval and one-sided p, when there are. */
  analytic: Coefficient['analytic'];
  /** Membership probabilities on the three benchmark scales, when the coefficient has an analytic SE. */
  benchmarks: BenchmarkMemberships | null;
}

/** The statistics the Agreement view has always shown before anyone picks. */
export const DEFAULT_ROWS: readonly string[] = [
  'percentAgreement',
  'cohenKappa',
  'cohenKappaLinear',
  'cohenKappaQuadratic',
  'fleissKappa',
  'krippendorffAlpha',
  'gwetAc1',
];

function row(key: string, label: string, c: Coefficient | null): CoefficientRow | null {
  if (!c) return null;
  return { key, label, estimate: c.estimate, bootstrap: c.bootstrap, analytic: c.analytic, benchmarks: c.benchmarks };
}

function interval(key: string, label: string, i: BootstrapInterval | null): CoefficientRow | null {
  return i && { key, label, estimate: i.estimate, bootstrap: i, analytic: null, benchmarks: null };
}

/** Every coefficient the report has, in the order of docs/metrics-agreement.md. */
export function coefficientRows(report: AgreementReport): CoefficientRow[] {
  const c = report.coefficients;
  const s = report.statistics;
  const w = c.weighted;
  const rows = [
    row('percentAgreement', 'Percent agreement', c.percentAgreement),
    row('brennanPrediger', 'Brennan–Prediger', c.brennanPrediger),
    row('cohenKappa', "Cohen's κ", c.cohenKappa),
    interval('cohenKappaLinear', "Cohen's κ, linear", s.cohenKappaLinear),
    interval('cohenKappaQuadratic', "Cohen's κ, quadratic", s.cohenKappaQuadratic),
    row('scottPi', "Scott's π", c.scottPi),
    row('fleissKappa', "Fleiss' κ", c.fleissKappa),
    row('congerKappa', "Conger's κ", c.congerKappa),
    row('krippendorffAlpha', `Krippendorff's α, ${report.level}`, c.krippendorffAlpha),
    row('gwetAc1', "Gwet's AC1", c.gwetAc1),
    ...(w
      ? [
          row('weighted.percentAgreement', `Percent agreement, ${w.weights} weights`, w.percentAgreement),
          row('weighted.brennanPrediger', `Brennan–Prediger, ${w.weights} weights`, w.brennanPrediger),
          row('weighted.cohenKappa', `Cohen's κ, ${w.weights} weights`, w.cohenKappa),
          row('weighted.fleissKappa', `Fleiss' κ, ${w.weights} weights`, w.fleissKappa),
          row('weighted.congerKappa', `Conger's κ, ${w.weights} weights`, w.congerKappa),
          row('weighted.gwetAc2', `Gwet's AC2, ${w.weights} weights`, w.gwetAc2),
        ]
      : []),
    row('pabak', `PABAK (positive: ${c.pabak?.positive ?? ''})`, c.pabak?.pabak ?? null),
    ...c.perCategory.map((k) => row(`category:${k.category}`, `κ of “${k.category}” vs the rest`, k.kappa)),
  ];
  return rows.filter((r): r is CoefficientRow => r !== null);
}

/** The rows shown before anyone picks: `DEFAULT_ROWS`, then the weighted forms whenever the report has them. */
export function defaultRows(report: AgreementReport): string[] {
  const weighted = coefficientRows(report).filter((r) => r.key.startsWith('weighted.'));
  return [...DEFAULT_ROWS, ...weighted.map((r) => r.key)];
}

/** The benchmark scales a coefficient can be read on (irrCAC's three), by key and name. */
export const BENCHMARK_SCALES = [
  ['landisKoch', 'Landis–Koch'],
  ['fleiss', 'Fleiss'],
  ['altman', 'Altman'],
] as const;

/** A benchmark scale's key. */
export type BenchmarkScaleKey = (typeof BENCHMARK_SCALES)[number][0];

/** The probability a level must exceed to be retained (Gwet 2014, ch. 6). */
export const RETAINED_PROBABILITY = 0.95;

/** The first level, from the best down, whose cumulative membership probability exceeds 0.95; null when none does. */
export function retainedLevel(levels: readonly BenchmarkLevel[]): BenchmarkLevel | null {
  return levels.find((l) => l.cumulativeProbability > RETAINED_PROBABILITY) ?? null;
}

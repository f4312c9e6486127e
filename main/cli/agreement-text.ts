/** The text form of an agreement report: one line per coefficient with its bootstrap and analytic inference. */
import type { AgreementReport, Coefficient } from '../../shared/types/agreement-report';
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import { fmt, fmtInterval } from '../annotation/report-text';

const NAME_WIDTH = 38;

/** A p-value with 3 decimals, or in exponent form below 0.001. */
function fmtP(p: number | null): string {
  if (p === null) return '–';
  return p > 0 && p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

function bounds(low: number | null, high: number | null): string {
  return `[${fmt(low)}, ${fmt(high)}]`;
}

/** "name  estimate [bootstrap]  SE s  t [low, high]  p x"; bootstrap-only statistics leave the analytic part out. */
function line(name: string, c: Coefficient | BootstrapInterval): string {
  const coefficient = 'analytic' in c ? c : null;
  const bootstrap = coefficient ? coefficient.bootstrap : (c as BootstrapInterval);
  const estimate = bootstrap ? fmtInterval(bootstrap) : `${fmt(c.estimate)} (no bootstrap)`;
  const a = coefficient?.analytic;
  const analytic = a ? `  SE ${fmt(a.se)}  t ${bounds(a.low, a.high)}  p ${fmtP(a.p)}` : '';
  return `  ${name.padEnd(NAME_WIDTH)} ${estimate}${analytic}`;
}

/** Every coefficient of the report, in the order of docs/metrics-agreement.md. */
export function coefficientLines(r: AgreementReport): string[] {
  const c = r.coefficients;
  const s = r.statistics;
  const rows: [string, Coefficient | BootstrapInterval | null][] = [
    ['percent agreement', c.percentAgreement],
    ['Brennan-Prediger', c.brennanPrediger],
    ["Cohen's kappa", c.cohenKappa],
    ["Cohen's kappa (linear, ranks)", s.cohenKappaLinear],
    ["Cohen's kappa (quadratic, ranks)", s.cohenKappaQuadratic],
    ["Scott's pi", c.scottPi],
    ["Fleiss' kappa", c.fleissKappa],
    ["Conger's kappa", c.congerKappa],
    [`Krippendorff's alpha (${r.level})`, c.krippendorffAlpha],
    ["Gwet's AC1", c.gwetAc1],
  ];
  const w = c.weighted;
  if (w) {
    rows.push(
      [`weighted percent agreement (${w.weights})`, w.percentAgreement],
      [`weighted Brennan-Prediger (${w.weights})`, w.brennanPrediger],
      [`weighted Cohen's kappa (${w.weights})`, w.cohenKappa],
      [`weighted Fleiss' kappa (${w.weights})`, w.fleissKappa],
      [`weighted Conger's kappa (${w.weights})`, w.congerKappa],
      [`Gwet's AC2 (${w.weights})`, w.gwetAc2],
    );
  }
  if (c.pabak) rows.push([`PABAK (positive: ${c.pabak.positive})`, c.pabak.pabak]);
  for (const k of c.perCategory) rows.push([`kappa of "${k.category}" vs the rest`, k.kappa]);
  const lines = rows.filter((row): row is [string, Coefficient | BootstrapInterval] => row[1] !== null);
  const out = lines.map(([name, value]) => line(name, value));
  if (c.pabak) {
    const indices = `prevalence index ${fmt(c.pabak.prevalenceIndex)}, bias index ${fmt(c.pabak.biasIndex)}`;
    out.push(`  ${''.padEnd(NAME_WIDTH)} ${indices}`);
  }
  return out;
}

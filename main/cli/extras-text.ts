/** The text form of time, region and multi-label agreement, and of the Hayes–Krippendorff bootstrap of α. */
import type { AgreementReport } from '../../shared/types/agreement-report';
import type { FieldAgreementExtras } from '../../shared/types/field-agreement';
import { fmt, fmtInterval } from '../annotation/report-text';

const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`);

/** Lines for the extras of a field (none for a plain categorical field). */
export function extrasLines(x: FieldAgreementExtras | null): string[] {
  if (!x) return [];
  const out: string[] = [];
  const f = x.firstError;
  if (f) {
    out.push(
      `  first error within ±${f.toleranceMs} ms: ${fmtInterval(f.agreement)} of ${f.pairs} rater pairs on ${f.items} calls`,
      `    both marked ${f.bothMarked} (within ${f.withinTolerance}), both no error ${f.bothAbsent}, ` +
        `one only ${f.oneAbsent}; median difference ${ms(f.medianDifferenceMs)}`,
      `    interval alpha on the marked times ${fmt(f.intervalAlpha)} (${f.markedItems} calls marked twice or more)`,
    );
  }
  const r = x.regions;
  if (r) {
    out.push(`  regions: unitizing alpha ${fmt(r.alpha)} on ${r.calls} calls every rater rated (${ms(r.continuumMs)})`);
    for (const c of r.categories) {
      out.push(
        `    "${c.category}": alpha_u ${fmt(c.alpha)}, matched within ±${r.toleranceMs} ms ${fmt(c.matchAgreement)} ` +
          `(${c.matched} of ${c.regions} regions; one absent ${c.oneAbsent}, both absent ${c.bothAbsent})`,
      );
    }
  }
  const s = x.sets;
  if (s) {
    out.push(
      `  label sets (${s.pairableItems} items): MASI alpha ${fmtInterval(s.masiAlpha)}, ` +
        `Jaccard alpha ${fmtInterval(s.jaccardAlpha)}`,
    );
  }
  return out;
}

/** The Hayes–Krippendorff line, when the report has one. */
export function pairBootstrapLines(r: AgreementReport): string[] {
  const p = r.alphaPairBootstrap;
  if (!p) return [];
  const q = p.belowMinimum.map((b) => `P(alpha < ${b.alphaMin}) ${fmt(b.probability)}`).join(', ');
  return [`  alpha, Hayes-Krippendorff bootstrap (${p.pairs} pairs per resample) ${fmtInterval(p)}; ${q}`];
}

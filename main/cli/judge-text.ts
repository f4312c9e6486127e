/** Plain-text lines of the judge section for `earshot agreement`: per mapping, the judge against each human reference. */
import type { BinaryJudgeFigures, JudgeValidation } from '../../shared/types/judge-validation';
import { fmtInterval } from '../annotation/report';
import { fmtFigure } from '../annotation/report-judge';

const flagLine = (f: BinaryJudgeFigures) =>
  `n ${f.n} (TP ${f.truePositives} FP ${f.falsePositives} FN ${f.falseNegatives} TN ${f.trueNegatives}) · ` +
  `agreement ${fmtInterval(f.percentAgreement)} · kappa ${fmtInterval(f.cohenKappa)} · AC1 ${fmtInterval(f.gwetAc1)} · ` +
  `PABAK ${fmtInterval(f.pabak)} · P ${fmtInterval(f.precision)} · R ${fmtInterval(f.recall)} · F1 ${fmtInterval(f.f1)}`;

/** The judge section as indented lines: mappings with their comparisons, or the sentence saying there is none. */
export function judgeTextLines(j: JudgeValidation): string[] {
  const lines: string[] = [];
  if (j.unmapped) lines.push(`judge: ${j.unmapped}`);
  for (const r of j.results) {
    lines.push(`judge · ${r.mapping.label} [${r.mapping.key}, ${r.mapping.source}]: ${r.items} items`);
    for (const c of r.comparisons) {
      const excluded = c.excluded ? ` (${c.excluded.unresolved} unresolved left out)` : '';
      lines.push(`  vs ${c.reference.padEnd(18)} ${c.figures ? flagLine(c.figures) : c.problem}${excluded}`);
    }
    for (const o of r.overall) {
      lines.push(`  vs ${o.reference.padEnd(18)} n ${o.n} · agreement ${fmtInterval(o.percentAgreement)} · kappa ${fmtInterval(o.cohenKappa)} · AC1 ${fmtInterval(o.gwetAc1)}`);
    }
  }
  for (const part of j.release) {
    lines.push(`release · ${part.title} (${part.file}; ${part.units})`);
    for (const f of part.figures) lines.push(`  ${f.label.padEnd(40)} Earshot ${fmtFigure(f.computed).padEnd(6)} release ${fmtFigure(f.stated)}`);
    for (const d of part.definitions) lines.push(`  ${d.label}: ${flagLine(d.figures)}`);
    for (const n of part.notes) lines.push(`  note: ${n}`);
  }
  return lines;
}

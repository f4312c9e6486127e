/** Plain-text lines of the judge section for `earshot agreement`: per mapping, the judge against each human reference. */
import type { BinaryJudgeFigures, JudgesOnLabelledItems, JudgeValidation } from '../../shared/types/judge-validation';
import { fmtInterval } from '../annotation/report-text';
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
      lines.push(
        `  vs ${o.reference.padEnd(18)} n ${o.n} · agreement ${fmtInterval(o.percentAgreement)} · kappa ${fmtInterval(o.cohenKappa)} · AC1 ${fmtInterval(o.gwetAc1)}`,
      );
    }
  }
  for (const part of j.release) {
    lines.push(`release · ${part.title} (${part.file}; ${part.units})`);
    for (const f of part.figures)
      lines.push(`  ${f.label.padEnd(40)} Earshot ${fmtFigure(f.computed).padEnd(6)} release ${fmtFigure(f.stated)}`);
    for (const d of part.definitions) lines.push(`  ${d.label}: ${flagLine(d.figures)}`);
    for (const n of part.notes) lines.push(`  note: ${n}`);
  }
  return lines;
}

/** Two judges on the labelled items: per part and reference, both κ and F1 and the paired difference. */
export function judgesOnLabelledText(c: JudgesOnLabelledItems): string {
  const name = (j: { judgeId: string; judgeVersion: string }) =>
    j.judgeVersion ? `${j.judgeId}@${j.judgeVersion}` : j.judgeId;
  const lines = [`${name(c.candidate)} − ${name(c.baseline)} on the labelled items of ${c.field} (${c.mapping.label})`];
  if (c.split)
    lines.push(
      `held-out split: seed ${c.split.seed}, ${c.split.fraction} held out (${c.split.heldOut} held out, ${c.split.tuning} tuning)`,
    );
  if (c.missing.baseline || c.missing.candidate)
    lines.push(`left out, not judged: ${c.missing.baseline} by the baseline, ${c.missing.candidate} by the candidate`);
  for (const p of c.parts) {
    lines.push(`${p.part}: ${p.items} items`);
    p.differences.forEach((d, r) => {
      const [a, b] = [p.baseline[r].figures, p.candidate[r].figures];
      if (!a || !b) return;
      lines.push(
        `  vs ${d.reference.padEnd(18)} kappa ${fmtInterval(a.cohenKappa)} → ${fmtInterval(b.cohenKappa)}, Δ ${fmtInterval(d.cohenKappa)} · ` +
          `F1 Δ ${fmtInterval(d.f1)} · agreement Δ ${fmtInterval(d.percentAgreement)}`,
      );
    });
  }
  return lines.join('\n');
}

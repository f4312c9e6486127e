/** The judge section of the agreement report: judge vs each human reference per mapping, in Markdown and long CSV rows. */
import type { BinaryJudgeFigures, JudgeValidation } from '../../shared/types/judge-validation';
import type { CsvCell } from '../../shared/csv-cell';
import { fmt, fmtInterval, mdText } from './report-text';

/** A release figure: counts as whole numbers, ratios with 3 decimals, an en dash when there is none. */
export function fmtFigure(x: number | null): string {
  return x !== null && Number.isInteger(x) ? String(x) : fmt(x);
}

const FIGURES = [
  ['percentAgreement', 'agreement'],
  ['cohenKappa', "Cohen's κ"],
  ['gwetAc1', "Gwet's AC1"],
  ['pabak', 'PABAK'],
  ['precision', 'precision'],
  ['recall', 'recall'],
  ['f1', 'F1'],
] as const;

/** Which judge a mapping reads, as the Agreement view says it: a named judge, or each call's newest judgement. */
const judgeNamed = (judgeId: string | null) => (judgeId === null ? "(each call's newest judgement)" : mdText(judgeId));

const counts = (f: BinaryJudgeFigures) =>
  `${f.truePositives}/${f.falsePositives}/${f.falseNegatives}/${f.trueNegatives}`;

/**
 * Markdown blocks (each a paragraph, heading or table) for the judge section; every name and message in them is
 * escaped with mdText (mapping labels, keys and sources, references, release files, titles and notes).
 */
export function judgeMarkdownBlocks(j: JudgeValidation, table: (head: string[], rows: string[][]) => string): string[] {
  if (j.unmapped) return ['### The judge against the humans', mdText(j.unmapped)];
  const out: string[] = ['### The judge against the humans'];
  for (const r of j.results) {
    const m = r.mapping;
    out.push(
      `**${mdText(m.label)}** (${mdText(m.key)}, ${mdText(m.source)}): judge ${judgeNamed(m.judgeId)}, its ` +
        `${mdText(m.output)}; ${r.items} items; ${r.unmappedJudgeOutputs} judge outputs outside the mapping.`,
    );
    const rows = r.comparisons.map((c) => [
      mdText(c.reference),
      c.figures ? String(c.figures.n) : '0',
      c.figures ? counts(c.figures) : '–',
      ...FIGURES.map(([k]) => (c.figures ? fmtInterval(c.figures[k]) : mdText(c.problem ?? '–'))),
    ]);
    if (rows.length) out.push(table(['reference', 'n', 'TP/FP/FN/TN', ...FIGURES.map(([, name]) => name)], rows));
    if (r.overall.length) {
      const head = ['reference', 'n', 'agreement', "Cohen's κ", "Gwet's AC1"];
      out.push(
        table(
          head,
          r.overall.map((o) => [
            mdText(o.reference),
            String(o.n),
            fmtInterval(o.percentAgreement),
            fmtInterval(o.cohenKappa),
            fmtInterval(o.gwetAc1),
          ]),
        ),
      );
    }
  }
  for (const part of j.release) {
    out.push(`#### ${mdText(part.title)}`, mdText(`${part.file}: ${part.units}. ${part.notes.join('. ')}.`));
    out.push(
      table(
        ['figure', 'Earshot', 'release'],
        part.figures.map((f) => [mdText(f.label), fmtFigure(f.computed), fmtFigure(f.stated)]),
      ),
    );
  }
  return out;
}

/** Long CSV rows (field, section, group, rater, reference, statistic, estimate, low, high, n) of the judge section. */
export function judgeCsvRows(field: string, j: JudgeValidation): CsvCell[][] {
  const rows: CsvCell[][] = [];
  for (const r of j.results) {
    for (const c of r.comparisons) {
      if (!c.figures) continue;
      for (const [k] of FIGURES) {
        const i = c.figures[k];
        rows.push([
          field,
          'judge',
          r.mapping.key,
          'judge',
          c.reference,
          k,
          i.estimate ?? '',
          i.low ?? '',
          i.high ?? '',
          c.figures.n,
        ]);
      }
    }
  }
  for (const part of j.release) {
    for (const f of part.figures) {
      rows.push([field, 'release', part.file, 'earshot', '', f.key, f.computed ?? '', '', '', '']);
      rows.push([field, 'release', part.file, 'release', '', f.key, f.stated ?? '', '', '', '']);
    }
  }
  return rows;
}

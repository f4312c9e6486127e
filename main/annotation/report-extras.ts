/** The report's blocks for time, region and label-set agreement and the Hayes–Krippendorff bootstrap of α. */
import type { AgreementReport } from '../../shared/types/agreement-report';
import type { FieldAgreementExtras } from '../../shared/types/field-agreement';
import { fmt, fmtInterval, mdText } from './report-text';

type Table = (head: string[], rows: string[][]) => string;

const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`);

/** Markdown blocks for a field's extras (none for a plain categorical field), its cells escaped. */
export function extrasMarkdownBlocks(x: FieldAgreementExtras | null | undefined, table: Table): string[] {
  if (!x) return [];
  const out: string[] = [];
  const f = x.firstError;
  if (f) {
    out.push(
      `### First critical error (±${f.toleranceMs} ms)`,
      table(
        ['figure', 'value'],
        [
          ['rater pairs agreeing', `${fmtInterval(f.agreement)} of ${f.pairs} pairs on ${f.items} calls`],
          ['both marked, within tolerance', `${f.withinTolerance} of ${f.bothMarked}`],
          ['both no error', String(f.bothAbsent)],
          ['one marked, one not', String(f.oneAbsent)],
          ['median difference of marked times', ms(f.medianDifferenceMs)],
          ['interval α on the marked times', `${fmt(f.intervalAlpha)} (${f.markedItems} calls marked twice or more)`],
        ],
      ),
    );
  }
  const r = x.regions;
  if (r) {
    out.push(
      `### Regions: unitizing αu ${fmt(r.alpha)} on ${r.calls} calls every rater rated (${ms(r.continuumMs)})`,
      table(
        ['category', 'αu', `matched within ±${r.toleranceMs} ms`, 'regions', 'one absent', 'both absent'],
        r.categories.map((c) => [
          mdText(c.category),
          fmt(c.alpha),
          `${fmt(c.matchAgreement)} (${c.matched})`,
          String(c.regions),
          String(c.oneAbsent),
          String(c.bothAbsent),
        ]),
      ),
    );
  }
  const s = x.sets;
  if (s) {
    out.push(
      '### Label sets',
      `${s.pairableItems} items: Krippendorff's α with the MASI distance ${fmtInterval(s.masiAlpha)}, ` +
        `with the Jaccard distance ${fmtInterval(s.jaccardAlpha)}.`,
    );
  }
  return out;
}

/** The Hayes–Krippendorff line, when the report has one. */
export function pairBootstrapMarkdown(r: AgreementReport): string[] {
  const p = r.alphaPairBootstrap;
  if (!p) return [];
  const below = p.belowMinimum.map((b) => `P(α < ${b.alphaMin}) ${fmt(b.probability)}`).join(', ');
  return [
    `Krippendorff's α, Hayes–Krippendorff bootstrap (${p.pairs} pairs per resample): ${fmtInterval(p)}; ${below}.`,
  ];
}

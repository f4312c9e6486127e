/** The agreement report as a document: Markdown or self-contained HTML (tables and confusion-matrix heat maps), plus one long CSV. */
import type { AgreementReport, BootstrapInterval, ConfusionMatrix } from '../stats/agreement/index';
import type { PairReport, ResolutionCount, StudyAgreement } from '../../shared/types/annotation';
import { csvText, type CsvCell } from '../../shared/csv-cell';
import { judgeCsvRows, judgeMarkdownBlocks } from './report-judge';

const STATISTICS: [keyof AgreementReport['statistics'], string][] = [
  ['percentAgreement', 'Percent agreement'],
  ['cohenKappa', "Cohen's κ"],
  ['cohenKappaLinear', "Cohen's κ (linear weights)"],
  ['cohenKappaQuadratic', "Cohen's κ (quadratic weights)"],
  ['fleissKappa', "Fleiss' κ"],
  ['krippendorffAlpha', "Krippendorff's α"],
  ['gwetAc1', "Gwet's AC1"],
];

/** A number with 3 decimals, or an en dash when undefined. */
export function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(3);
}

/** "0.712 [0.601, 0.805]". */
export function fmtInterval(i: Pick<BootstrapInterval, 'estimate' | 'low' | 'high'> | null): string {
  return i ? `${fmt(i.estimate)} [${fmt(i.low)}, ${fmt(i.high)}]` : '–';
}

/** Characters of a name that Markdown would read as markup; `\` among them, so a name's own cannot cancel an escape. */
const MARKDOWN_SPECIAL = /[\\`*_[\]|~]/g;
const MARKDOWN_ESCAPED = /\\([\\`*_[\]|~])/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const DECODED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>' };

/**
 * A name that comes from imported data or a user (study, annotator, field, category, group, mapping, reference) as
 * literal Markdown text: `&`, `<`, `>` as entities (no HTML, no autolink), `\`, backticks, `*`, `_`, `[`, `]`, `|`
 * and `~` backslash-escaped, line breaks as spaces (a name cannot end a table row or start a block).
 */
export function mdText(name: string): string {
  return name
    .replace(/[\r\n]+/g, ' ')
    .replace(/[&<>]/g, (c) => ENTITIES[c])
    .replace(MARKDOWN_SPECIAL, '\\$&');
}

/** The plain text of Markdown written with mdText (the HTML report escapes it for HTML instead). */
function mdPlain(text: string): string {
  return text.replace(MARKDOWN_ESCAPED, '$1').replace(/&(amp|lt|gt);/g, (_, e: string) => DECODED[e]);
}

/** A Markdown table; its cells are Markdown text already (every name in them escaped with mdText). */
function mdTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function statisticRows(r: AgreementReport): string[][] {
  return STATISTICS.filter(([k]) => r.statistics[k] !== null).map(([k, name]) => [name, fmtInterval(r.statistics[k])]);
}

function matrixMd(m: ConfusionMatrix): string {
  const categories = m.categories.map(mdText);
  const head = [`${mdText(m.rowRater)} \\ ${mdText(m.columnRater)}`, ...categories];
  return mdTable(head, categories.map((c, i) => [c, ...m.counts[i].map(String)]));
}

function pairRows(pairs: PairReport[]): string[][] {
  return pairs.map((p) => [
    mdText(p.rater),
    mdText(p.reference),
    p.report ? String(p.report.nPairableItems) : '0',
    fmtInterval(p.report?.statistics.percentAgreement ?? null),
    fmtInterval(p.report?.statistics.cohenKappa ?? null),
  ]);
}

/** One field's section in Markdown. */
export function fieldMarkdown(a: StudyAgreement, counts: ResolutionCount | undefined): string {
  const o = a.overall;
  const out = [
    `## ${mdText(a.field)}`,
    `${o.nItems} items, ${o.nPairableItems} labelled by at least two of ${o.raters.map(mdText).join(', ')} ` +
      `(${a.phase} labels, ${o.level} level). ` +
      `95% percentile bootstrap intervals over items, ${o.bootstrap.resamples} resamples, seed ${o.bootstrap.seed}.`,
    counts
      ? `Adjudication: ${mdText(a.field)} resolved for ${counts.resolved} of ${counts.items} (${counts.unanimous} ` +
        `unanimous, ${counts.decided} decided, ${counts.unresolved} unresolved).`
      : '',
    mdTable(['statistic', 'estimate [95% CI]'], statisticRows(o)),
  ];
  if (o.confusionMatrix) out.push('### Confusion matrix', matrixMd(o.confusionMatrix));
  if (a.breakdowns.length) {
    const rows = a.breakdowns.map((b) => [
      mdText(b.by),
      mdText(b.group),
      String(b.report?.nPairableItems ?? 0),
      fmtInterval(b.report?.statistics.percentAgreement ?? null),
      fmtInterval(b.report?.statistics.cohenKappa ?? b.report?.statistics.krippendorffAlpha ?? null),
    ]);
    out.push('### Breakdowns', mdTable(['by', 'group', 'items', 'agreement', 'κ / α'], rows));
  }
  if (a.vsAdjudicated.length) {
    out.push('### Against the adjudicated label', mdTable(['rater', 'reference', 'items', 'agreement', "Cohen's κ"], pairRows(a.vsAdjudicated)));
    if (a.unresolvedExcluded) out.push(`${a.unresolvedExcluded} item(s) adjudicated unresolved are left out of these comparisons.`);
  }
  out.push(...judgeMarkdownBlocks(a.judge, mdTable));
  return out.filter(Boolean).join('\n\n');
}

/** The whole report in Markdown. */
export function reportMarkdown(study: string, fields: StudyAgreement[], counts: ResolutionCount[], generatedAt: Date): string {
  const head =
    `# Agreement report: ${mdText(study)}\n\n` +
    `Generated by Earshot on ${generatedAt.toISOString()}. Definitions: docs/metrics-agreement.md.`;
  return [head, ...fields.map((f) => fieldMarkdown(f, counts.find((c) => c.field === f.field)))].join('\n\n') + '\n';
}

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function matrixHtml(m: ConfusionMatrix): string {
  const max = Math.max(1, ...m.counts.flat());
  const head = `<tr><th>${escHtml(m.rowRater)} ↓ / ${escHtml(m.columnRater)} →</th>${m.categories.map((c) => `<th>${escHtml(c)}</th>`).join('')}</tr>`;
  const rows = m.categories.map((c, i) => `<tr><th>${escHtml(c)}</th>${m.counts[i].map((n, j) => `<td style="background:rgba(${i === j ? '47,125,74' : '179,65,47'},${(0.08 + 0.8 * (n / max)).toFixed(2)})">${n}</td>`).join('')}</tr>`);
  return `<figure><table class="cm">${head}${rows.join('')}</table><figcaption>Confusion matrix, ${m.n} items (shade ∝ count; green = agreement)</figcaption></figure>`;
}

/** The whole report as one self-contained HTML page (Markdown tables rendered, confusion matrices as shaded heat maps). */
export function reportHtml(study: string, fields: StudyAgreement[], counts: ResolutionCount[], generatedAt: Date): string {
  const body = fields.map((f) => {
    const md = fieldMarkdown({ ...f, overall: { ...f.overall, confusionMatrix: null } }, counts.find((c) => c.field === f.field));
    const html = md
      .split('\n\n')
      .map((block) => {
        const text = (md: string) => escHtml(mdPlain(md));
        if (block.startsWith('#### ')) return `<h4>${text(block.slice(5))}</h4>`;
        if (block.startsWith('### ')) return `<h3>${text(block.slice(4))}</h3>`;
        if (block.startsWith('## ')) return `<h2>${text(block.slice(3))}</h2>`;
        if (!block.startsWith('|')) return `<p>${text(block)}</p>`;
        // cells are split at ' | ': an escaped pipe in a name is '\|', never preceded by a space
        const lines = block.split('\n').filter((_, i) => i !== 1).map((l) => l.slice(2, -2).split(' | ').map(text));
        return `<table><tr>${lines[0].map((c) => `<th>${c}</th>`).join('')}</tr>${lines.slice(1).map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
      })
      .join('\n');
    return withMatrix(html, f);
  });
  const css = 'body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;color:#1e2229}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #d9dde3;padding:3px 8px;text-align:left;font-variant-numeric:tabular-nums}.cm td{text-align:right;min-width:3em}figcaption{color:#68707d;font-size:12px}';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agreement report: ${escHtml(study)}</title><style>${css}</style></head><body><h1>Agreement report: ${escHtml(study)}</h1><p>Generated by Earshot on ${generatedAt.toISOString()}. Definitions: docs/metrics-agreement.md.</p>${body.join('\n')}</body></html>\n`;
}

function withMatrix(html: string, f: StudyAgreement): string {
  if (!f.overall.confusionMatrix) return html;
  const at = html.indexOf('<h3>');
  const figure = `<h3>Confusion matrix</h3>${matrixHtml(f.overall.confusionMatrix)}`;
  return at < 0 ? html + figure : html.slice(0, at) + figure + html.slice(at);
}

/** Every number of the report in long form: field, section, group, rater, reference, statistic, estimate, low, high, n; confusion cells as statistic "count". */
export function reportCsv(fields: StudyAgreement[]): string {
  const rows: CsvCell[][] = [
    ['field', 'section', 'group', 'rater', 'reference', 'statistic', 'estimate', 'low', 'high', 'n'],
  ];
  const stats = (field: string, section: string, group: string, rater: string, reference: string, r: AgreementReport | null) => {
    if (!r) return;
    for (const [k] of STATISTICS) {
      const i = r.statistics[k];
      if (!i) continue;
      const n = r.nPairableItems;
      rows.push([field, section, group, rater, reference, k, i.estimate ?? '', i.low ?? '', i.high ?? '', n]);
    }
  };
  for (const f of fields) {
    stats(f.field, 'overall', '', f.raters.join('+'), '', f.overall);
    const m = f.overall.confusionMatrix;
    m?.categories.forEach((row, i) =>
      m.categories.forEach((col, j) => {
        const count = m.counts[i][j];
        rows.push([f.field, 'confusion', `${row}|${col}`, m.rowRater, m.columnRater, 'count', count, '', '', m.n]);
      }),
    );
    for (const b of f.breakdowns) stats(f.field, b.by, b.group, f.raters.join('+'), '', b.report);
    for (const p of f.vsAdjudicated) stats(f.field, 'pair', '', p.rater, p.reference, p.report);
    rows.push(...judgeCsvRows(f.field, f.judge));
  }
  return csvText(rows);
}

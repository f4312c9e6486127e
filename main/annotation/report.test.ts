import { describe, expect, it } from 'vitest';
import { agreementReport, ratingsFromRecords } from '../stats/agreement/index';
import type { StudyAgreement } from '../../shared/types/annotation';
import type { BinaryJudgeFigures, JudgeFieldAgreement, JudgeMapping } from '../../shared/types/judge-validation';
import { parseCsvRecords } from '../util/csv';
import { reportCsv, reportHtml, reportMarkdown } from './report';

// Wikipedia's Cohen's κ example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4.
const records = [
  ...Array.from({ length: 20 }, (_, i) => [`i${i}`, 'yes', 'yes']),
  ...Array.from({ length: 5 }, (_, i) => [`j${i}`, 'yes', 'no']),
  ...Array.from({ length: 10 }, (_, i) => [`k${i}`, 'no', 'yes']),
  ...Array.from({ length: 15 }, (_, i) => [`l${i}`, 'no', 'no']),
].flatMap(([item, a, b]) => [
  { item, rater: 'A', label: a },
  { item, rater: 'B', label: b },
]);
const overall = agreementReport(ratingsFromRecords(records), { resamples: 200 });
const agreement: StudyAgreement = {
  study: { id: 1, name: 'Pilot' },
  field: 'false_confidence',
  phase: 'final',
  raters: ['A', 'B'],
  overall,
  breakdowns: [],
  vsAdjudicated: [],
  unresolvedExcluded: 0,
  judge: {
    field: 'false_confidence',
    results: [],
    unmapped: 'No judge output is mapped to "false_confidence".',
    release: [],
  },
};
const at = new Date('2026-01-02T03:04:05Z');

describe('agreement report documents', () => {
  it('Markdown: statistic table with intervals, resolution line and the confusion matrix', () => {
    // The bootstrap bounds depend on the draw, so they are set by hand; each figure is printed with three decimals:
    // κ = 0.4 (Wikipedia) → "0.400", 0.1234 → "0.123", 0.6789 → "0.679".
    const kappa = { ...overall.statistics.cohenKappa!, low: 0.1234, high: 0.6789 };
    const fixed = { ...agreement, overall: { ...overall, statistics: { ...overall.statistics, cohenKappa: kappa } } };
    const md = reportMarkdown(
      'Pilot',
      [fixed],
      [{ field: 'false_confidence', items: 50, unanimous: 35, decided: 13, unresolved: 2, open: 0, resolved: 48 }],
      at,
    );
    expect(md).toContain('# Agreement report: Pilot');
    expect(md).toContain("| Cohen's κ | 0.400 [0.123, 0.679] |");
    expect(md).toContain('false\\_confidence resolved for 48 of 50');
    expect(md).toContain('| A \\ B | no | yes |');
    expect(md).toContain('| yes | 5 | 20 |');
  });

  it('HTML: one self-contained page with the confusion matrix as a shaded figure', () => {
    const html = reportHtml('Pilot <1>', [agreement], [], at);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Agreement report: Pilot &lt;1&gt;');
    expect(html).toContain('<figure><table class="cm">');
    expect(html).not.toMatch(/<script/i);
  });

  it('CSV: every statistic and confusion cell in long form', () => {
    const { header, records: rows } = parseCsvRecords(reportCsv([agreement]));
    expect(header).toEqual([
      'field',
      'section',
      'group',
      'rater',
      'reference',
      'statistic',
      'estimate',
      'low',
      'high',
      'n',
    ]);
    const kappa = rows.find((r) => r.section === 'overall' && r.statistic === 'cohenKappa')!;
    expect(Number(kappa.estimate)).toBeCloseTo(0.4, 12);
    expect(rows.filter((r) => r.section === 'confusion').map((r) => [r.group, r.estimate])).toEqual([
      ['no|no', '15'],
      ['no|yes', '10'],
      ['yes|no', '5'],
      ['yes|yes', '20'],
    ]);
  });
});

/** A name built to break out of Markdown and HTML: a tag, emphasis, a link, code, a cell, an entity, an escape. */
const evil = (who: string) =>
  `<img src=x onerror=alert(1)>${who} **b** _i_ [l](http://127.0.0.1/) \`c\` a|b ~~s~~ &amp; x\\|\n\n# h`;

/**
 * evil(who) as Markdown text, escaped by hand: the run of line breaks becomes one space; `&`, `<`, `>` become `&amp;`,
 * `&lt;`, `&gt;` (so the name's own `&amp;` becomes `&amp;amp;`); then `\`, backtick, `*`, `_`, `[`, `]`, `|` and `~` each
 * get a backslash (so the name's `x\|` becomes `x\\\|`).
 */
const evilMd = (who: string) =>
  String.raw`&lt;img src=x onerror=alert(1)&gt;${who} \*\*b\*\* \_i\_ \[l\](http://127.0.0.1/) ` +
  String.raw`\`c\` a\|b \~\~s\~\~ &amp;amp; x\\\| # h`;

/** The cells of a Markdown table line, split at the pipes that are not backslash-escaped. */
function cells(line: string): string[] {
  const out = [''];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') out[out.length - 1] += line[i] + (line[++i] ?? '');
    else if (line[i] === '|') out.push('');
    else out[out.length - 1] += line[i];
  }
  return out.slice(1, -1);
}

describe('agreement report with names from imported data', () => {
  const raterA = evil('A');
  const raterB = evil('B');
  const hostile = ratingsFromRecords(
    records.map((r) => ({ ...r, rater: r.rater === 'A' ? raterA : raterB, label: evil(r.label) })),
  );
  const interval = { estimate: -0.25, low: -0.5, high: 0.1 };
  const figures: BinaryJudgeFigures = {
    n: 4,
    truePositives: 1,
    falsePositives: 1,
    falseNegatives: 1,
    trueNegatives: 1,
    percentAgreement: interval,
    cohenKappa: interval,
    gwetAc1: interval,
    pabak: interval,
    precision: interval,
    recall: interval,
    f1: interval,
  };
  const mapping = {
    key: 'sev<2>',
    label: evil('mapping'),
    source: 'study',
    judgeId: evil('judge'),
    output: 'label',
  } as JudgeMapping;
  const result = {
    mapping,
    items: 4,
    unmappedJudgeOutputs: 0,
    comparisons: [
      { reference: evil('ref'), kind: 'annotator', figures },
      { reference: 'none', kind: 'annotator', figures: null, problem: evil('problem') },
    ],
    overall: [{ ...figures, reference: evil('overall'), kind: 'annotator' }],
  } as unknown as JudgeFieldAgreement;
  const field: StudyAgreement = {
    ...agreement,
    study: { id: 1, name: evil('study') },
    field: evil('field'),
    raters: [raterA, raterB],
    overall: agreementReport(hostile, { resamples: 50 }),
    breakdowns: [{ by: evil('by'), group: evil('group'), report: agreementReport(hostile, { resamples: 50 }) }],
    vsAdjudicated: [{ rater: raterA, reference: evil('adjudicated'), report: null }],
    judge: {
      field: evil('field'),
      results: [result],
      unmapped: null,
      release: [
        {
          file: evil('file'),
          title: evil('title'),
          units: 'calls',
          notes: [evil('note')],
          definitions: [],
          figures: [{ key: 'k', label: evil('figure'), computed: 0.5, stated: 1 }],
        },
      ],
    },
  };
  const names = [
    'study',
    'field',
    'A',
    'B',
    'yes',
    'no',
    'by',
    'group',
    'adjudicated',
    'mapping',
    'judge',
    'ref',
    'problem',
    'overall',
    'title',
    'figure',
  ];

  it('Markdown: every name is literal text — no HTML, emphasis, links, code, extra cells or blocks', () => {
    const md = reportMarkdown(evil('study'), [field], [], at);
    expect(md).not.toContain('<');
    for (const who of names) expect([who, md.includes(evilMd(who))]).toEqual([who, true]);
    expect(md).toContain(`${evilMd('file')}: calls. ${evilMd('note')}.`);
    expect(md).toContain('(sev&lt;2&gt;, study)');
    expect(md).not.toMatch(/^# h/m);
    const tables = md
      .trimEnd()
      .split('\n\n')
      .filter((b) => b.startsWith('|'));
    expect(tables).toHaveLength(7);
    for (const table of tables) {
      const [head, ...rows] = table.split('\n').map((l) => cells(l).length);
      expect(rows).toEqual(rows.map(() => head));
    }
  });

  it('HTML: every name is shown as the text it is, with no element of its own', () => {
    const html = reportHtml(evil('study'), [field], [], at);
    expect(html).not.toContain('<img');
    const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // line breaks are only layout in HTML (the sections put names on one line, the title and figures keep them)
    const oneLine = (s: string) => s.replace(/\n+/g, ' ');
    for (const who of names) {
      expect([who, oneLine(html).includes(escaped(oneLine(evil(who))))]).toEqual([who, true]);
    }
  });

  it('CSV: names that start like a formula are neutralised, negative estimates stay numbers', () => {
    const csv = reportCsv([{ ...field, field: '=cmd()' }]);
    expect(csv).toContain(`\n"'=cmd()",judge,sev<2>,judge,`);
    const rows = parseCsvRecords(csv).records;
    const judge = rows.find((r) => r.section === 'judge' && r.statistic === 'cohenKappa')!;
    expect(judge).toMatchObject({ field: "'=cmd()", estimate: '-0.25', low: '-0.5', high: '0.1', n: '4' });
    expect(csv).toMatch(/,cohenKappa,-0\.25,-0\.5,0\.1,4\n/);
  });
});

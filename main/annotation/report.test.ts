import { describe, expect, it } from 'vitest';
import { agreementReport, ratingsFromRecords } from '../stats/agreement/index';
import type { StudyAgreement } from '../../shared/types/annotation';
import { parseCsvRecords } from '../util/csv';
import { fmtInterval, reportCsv, reportHtml, reportMarkdown } from './report';

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
  judge: { field: 'false_confidence', results: [], unmapped: 'No judge output is mapped to "false_confidence".', release: [] },
};
const at = new Date('2026-01-02T03:04:05Z');

describe('agreement report documents', () => {
  it('Markdown: statistic table with intervals, resolution line and the confusion matrix', () => {
    const md = reportMarkdown('Pilot', [agreement], [{ field: 'false_confidence', items: 50, unanimous: 35, decided: 13, unresolved: 2, open: 0, resolved: 48 }], at);
    expect(md).toContain('# Agreement report: Pilot');
    expect(md).toContain(`| Cohen's κ | ${fmtInterval(overall.statistics.cohenKappa)} |`);
    expect(fmtInterval(overall.statistics.cohenKappa)).toMatch(/^0\.400 \[/);
    expect(md).toContain('false_confidence resolved for 48 of 50');
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
    expect(header).toEqual(['field', 'section', 'group', 'rater', 'reference', 'statistic', 'estimate', 'low', 'high', 'n']);
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

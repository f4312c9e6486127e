/**
 * End to end: the Agreement view's report export and its judge scores, on a VERA study imported through the CLI (one
 * grader's grades, two annotators' on the first calls). The downloaded Markdown and HTML are parsed, and every
 * coefficient they name is compared with what `earshot agreement --study S --field grade --json` prints for the same
 * database; the judge scores shown are compared with `earshot judges --json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeComparison } from '../shared/types/runs';
import { earshotJson } from '../test-support/earshot-cli';
import { expectRounded } from '../test-support/expect-rounded';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { printedInterval, reportTables, type ReportTable } from './support/report-tables';
import { veraJudgeStudy, VERA_STUDY, writeVeraJudgeStudy } from './support/vera-judge-study';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { AgreementPage, JudgeValidationPage } from './pages/agreement-page';

const FIELD = 'grade';
const LABELLED = veraJudgeStudy().filter((c) => c.humans.length > 0);

/** A figure with its interval, as `earshot agreement --json` prints it. */
interface Interval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

/** The parts of `earshot agreement --json` the report is compared with. */
interface AgreementJson {
  overall: { nItems: number; statistics: Record<string, Interval | null> };
  judge: {
    results: {
      mapping: { key: string; label: string; kind: 'binary' | 'categorical'; judgeId: string | null; output: string };
      overall: ({ reference: string; n: number } & Record<string, Interval>)[];
      comparisons: { reference: string; figures: ({ n: number } & Record<string, Interval>) | null }[];
    }[];
  };
}

/** The report's names of the statistics (docs/metrics-agreement.md), by the key the CLI prints them under. */
const STATISTIC_NAMES: Record<string, string> = {
  percentAgreement: 'Percent agreement',
  cohenKappa: "Cohen's κ",
  fleissKappa: "Fleiss' κ",
  krippendorffAlpha: "Krippendorff's α",
  gwetAc1: "Gwet's AC1",
};

/** Asserts a printed "estimate [low, high]" is the CLI's interval at three decimals. */
function expectPrinted(cell: string, cli: Interval, what: string): void {
  const printed = printedInterval(cell);
  for (const part of ['estimate', 'low', 'high'] as const) {
    expect(cli[part], `${what} ${part}`).not.toBeNull();
    expectRounded(cli[part], printed[part], 3);
  }
}

/** Compares the report's tables with the CLI: the statistics table and each judge mapping's table, figure by figure. */
function expectReportMatches(tables: ReportTable[], cli: AgreementJson): void {
  const stats = tables.find((t) => t.head[0] === 'statistic')!;
  const named = Object.entries(cli.overall.statistics).filter(([, v]) => v !== null && v.estimate !== null);
  expect(stats.rows.map((r) => r[0]).sort()).toEqual(named.map(([k]) => STATISTIC_NAMES[k]).sort());
  for (const [key, value] of named)
    expectPrinted(stats.rows.find((r) => r[0] === STATISTIC_NAMES[key])![1], value!, key);

  const judgeTables = tables.filter((t) => t.head[0] === 'reference');
  expect(judgeTables).toHaveLength(cli.judge.results.length);
  cli.judge.results.forEach((result, i) => {
    const { head, rows } = judgeTables[i];
    const figures = (ref: string) =>
      result.mapping.kind === 'binary'
        ? result.comparisons.find((c) => c.reference === ref)!.figures!
        : result.overall.find((o) => o.reference === ref)!;
    const references = result.mapping.kind === 'binary' ? result.comparisons : result.overall;
    expect(
      rows.map((r) => r[0]),
      result.mapping.key,
    ).toEqual(references.map((r) => r.reference));
    for (const row of rows) {
      const f = figures(row[0]);
      expect(Number(row[head.indexOf('n')]), `${result.mapping.key} ${row[0]} n`).toBe(f.n);
      expectPrinted(row[head.indexOf('agreement')], f.percentAgreement, `${result.mapping.key} ${row[0]} agreement`);
      expectPrinted(row[head.indexOf("Cohen's κ")], f.cohenKappa, `${result.mapping.key} ${row[0]} κ`);
    }
  });
}

/** A browser on a host of its own with the study seeded, viewed by an adjudicator in the Agreement view. */
function agreementHost() {
  const ctx = {} as {
    host: TestHost;
    browser: Browser;
    page: Page;
    studio: StudioPage;
    agreement: AgreementPage;
    files: string;
    cli: <T>(...args: string[]) => T;
  };
  beforeAll(async () => {
    ctx.files = mkdtempSync(join(tmpdir(), 'earshot-e2e-agreement-report-'));
    ctx.host = await startSeededHost({ imports: [{ path: writeVeraJudgeStudy(ctx.files, ['strict']) }] });
    ctx.cli = <T>(...args: string[]) => earshotJson<T>({ home: ctx.host.home, db: ctx.host.dbPath }, ...args);
    ctx.browser = await launchChromium();
    ctx.page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    ctx.studio = new StudioPage(ctx.page);
    ctx.agreement = new AgreementPage(ctx.page);
    await ctx.studio.open(ctx.host.url);
    await ctx.studio.selectStudy(VERA_STUDY.name);
    const labels = new LabelsPage(ctx.page);
    await labels.addAnnotator('Judy Park', 'adjudicator'); // the study is blind: an adjudicator reads its agreement
    await labels.tab('agreement');
    await ctx.agreement.compute(FIELD);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.host?.stop();
    rmSync(ctx.files, { recursive: true, force: true });
  });
  return ctx;
}

const agreementJson = (ctx: ReturnType<typeof agreementHost>) =>
  ctx.cli<AgreementJson>('agreement', '--study', VERA_STUDY.name, '--field', FIELD);

describe('the Markdown agreement report', () => {
  const ctx = agreementHost();

  it('Markdown: names every coefficient as earshot agreement --json prints it, and the CSV carries them unrounded', async () => {
    const { document, csv } = await ctx.agreement.exportReport('markdown');
    expect(document.name).toMatch(/\.md$/);
    const cli = agreementJson(ctx);
    expect(cli.overall.nItems).toBe(LABELLED.length);
    expect(document.text).toContain(`## ${FIELD}\n`);
    expectReportMatches(reportTables(document.text, 'markdown'), cli);
    // Each mapping's paragraph says which judge it reads, as the Agreement view does (the study has two graders).
    for (const { mapping: m } of cli.judge.results)
      expect(document.text).toContain(`judge ${m.judgeId ?? "(each call's newest judgement)"}, its ${m.output};`);
    // The CSV beside it carries the same statistics unrounded.
    const lines = csv.text
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const col = (name: string) => lines[0].indexOf(name);
    for (const [key, value] of Object.entries(cli.overall.statistics)) {
      if (!value || value.estimate === null) continue;
      const row = lines.find((l) => l[col('section')] === 'overall' && l[col('statistic')] === key)!;
      expect(
        ['estimate', 'low', 'high'].map((c) => Number(row[col(c)])),
        key,
      ).toEqual([value.estimate, value.low, value.high]);
    }
  });
});

describe('the HTML agreement report', () => {
  const ctx = agreementHost();

  it('HTML: names every coefficient as earshot agreement --json prints it for the same field', async () => {
    const { document } = await ctx.agreement.exportReport('html');
    expect(document.name).toMatch(/\.html$/);
    expect(document.text).toMatch(/^<!doctype html>/i);
    expectReportMatches(reportTables(document.text, 'html'), agreementJson(ctx));
    await ctx.studio.screenshotAtBothSizes('agreement-report');
  });
});

describe('judge scores in the Agreement view', () => {
  const ctx = agreementHost();

  it('shows the judge against each annotator as earshot judges --json scores it', async () => {
    const judges = ctx.cli<JudgeComparison>('judges', '--study', VERA_STUDY.name, '--field', FIELD);
    expect(judges.judges.map((j) => j.judgeId)).toEqual([VERA_STUDY.strict]);
    const [strict] = judges.judges;
    const mapping = agreementJson(ctx).judge.results.find((r) => r.mapping.label === strict.mapping)!.mapping;
    const judge = new JudgeValidationPage(ctx.page);
    await judge.card(mapping.key).waitFor();
    for (const p of strict.perAnnotator) {
      const figure = (name: string) => judge.categoricalFigure(mapping.key, p.annotator, name);
      expect(Number((await figure('n')).value), p.annotator).toBe(p.n);
      for (const [name, want] of [
        ['percentAgreement', p.agreement],
        ['cohenKappa', p.kappa],
      ] as const) {
        const shown = await figure(name);
        expect(Number(shown.value), `${p.annotator} ${name}`).toBeCloseTo(want!, 12);
        expectRounded(want, Number(shown.shown.replace('−', '-')), 3);
      }
    }
    // The strict grader against Ana by hand (runs-judge-tools.spec.ts): κ = 3/4.
    expect(strict.perAnnotator.find((p) => p.annotator === VERA_STUDY.annotators[0])!.kappa).toBeCloseTo(3 / 4, 12);
    await judge.scrollTo(judge.card(mapping.key));
    await ctx.studio.screenshotAtBothSizes('agreement-judge-scores');
  });
});

/**
 * End to end: the Runs view's judge tools on a VERA study imported through the CLI (two graders' grades and two
 * annotators' on the first calls) — re-judging the study, judging only the labelled calls, and comparing the judges
 * with the annotators — and the new judge version in the Agreement view's compare panel. The judge is the local
 * OpenAI-protocol server, which grades an answer CORRECT exactly when it names the reference. What is shown is
 * checked against `earshot judges --json` on the same database, and the κ the seed implies is worked out by hand.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeComparison } from '../shared/types/runs';
import type { JudgesOnLabelledItems } from '../shared/types/judge-validation';
import { earshotJson } from '../test-support/earshot-cli';
import { expectRounded } from '../test-support/expect-rounded';
import { fakeJudge } from '../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/openai-server/server';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { veraJudgeStudy, VERA_STUDY, writeVeraJudgeStudy } from './support/vera-judge-study';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { RunsPage } from './pages/runs-page';
import { JudgeToolsPage } from './pages/judge-tools-page';
import { AgreementPage, JudgeValidationPage } from './pages/agreement-page';

const CALLS = veraJudgeStudy();
const LABELLED = CALLS.filter((c) => c.humans.length > 0);
const [ANA, BEN] = VERA_STUDY.annotators;

/**
 * Cohen's κ of the lenient grader against Ana on the labelled calls 0–7, by hand: Ana fails the wrong answers 0, 3, 6;
 * the grader fails only 3. Both pass 5, grader passes and Ana fails 2, both fail 1: p_o = 6/8, p_e = 7/8 · 5/8 +
 * 1/8 · 3/8 = 38/64, κ = (48/64 − 38/64) / (26/64) = 5/13. The strict grader also fails the right answer 4: both
 * pass 4, it fails and Ana passes 1, both fail 3: p_o = 7/8, p_e = 4/8 · 5/8 + 4/8 · 3/8 = 1/2, κ = 3/4.
 * The local server's grader fails exactly the wrong answers, as Ana does: κ = 1.
 */
const KAPPA_VS_ANA = { lenient: 5 / 13, strict: 3 / 4, fake: 1 };

/** A browser on a host of its own, seeded with the VERA study; the local server when the test judges. */
function judgeStudyHost(withServer: boolean) {
  const ctx = {} as {
    fake: FakeOpenAi | null;
    host: TestHost;
    browser: Browser;
    page: Page;
    studio: StudioPage;
    tools: JudgeToolsPage;
    judgePath: string;
    files: string;
    cli: <T>(...args: string[]) => T;
  };
  beforeAll(async () => {
    ctx.fake = withServer ? await startFakeOpenAi() : null;
    const env: Record<string, string> = ctx.fake ? { OPENAI_API_KEY: ctx.fake.apiKey } : {};
    ctx.files = mkdtempSync(join(tmpdir(), 'earshot-e2e-judge-tools-'));
    ctx.host = await startSeededHost({ imports: [{ path: writeVeraJudgeStudy(ctx.files) }] }, [], { env });
    ctx.judgePath = join(ctx.host.home, 'judge.json');
    if (ctx.fake) writeFileSync(ctx.judgePath, JSON.stringify(fakeJudge(ctx.fake.baseUrl, { votes: 1 })));
    ctx.cli = <T>(...args: string[]) => earshotJson<T>({ home: ctx.host.home, db: ctx.host.dbPath }, ...args);
    ctx.browser = await launchChromium();
    ctx.page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    ctx.studio = new StudioPage(ctx.page);
    ctx.tools = new JudgeToolsPage(ctx.page);
    await ctx.studio.open(ctx.host.url);
    await ctx.studio.selectStudy(VERA_STUDY.name);
    await new LabelsPage(ctx.page).addAnnotator('Judy Park', 'adjudicator');
    await new RunsPage(ctx.page).open();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.host?.stop();
    await ctx.fake?.close();
    rmSync(ctx.files, { recursive: true, force: true });
  });
  return ctx;
}

/** The judges of the study as `earshot judges --study S --field grade --json` prints them. */
const judgesOf = (ctx: ReturnType<typeof judgeStudyHost>) =>
  ctx.cli<JudgeComparison>('judges', '--study', VERA_STUDY.name, '--field', 'grade');

/** The row of one judge among the CLI's. */
const cliRow = (c: JudgeComparison, judgeId: string) => c.judges.find((j) => j.judgeId === judgeId)!;

describe('re-judging a study from the Runs view', () => {
  const ctx = judgeStudyHost(true);

  it('writes a new judge version, set against the baseline in the compare panel with the paired difference', async () => {
    expect(await ctx.tools.studyName()).toBe(VERA_STUDY.name);
    await expect(ctx.tools.judge(ctx.judgePath)).resolves.toEqual([CALLS.length, CALLS.length]);
    await expect(ctx.tools.jobStatus()).resolves.toBe('done');
    await ctx.studio.screenshotAtBothSizes('judge-tools-rejudged');
    const fakeRow = cliRow(judgesOf(ctx), 'fake-judge');
    expect(fakeRow.episodes).toBe(CALLS.length);
    expect(fakeRow.judgeVersion).toMatch(/^fake-judge-model#[0-9a-f]{10}$/); // `<model>#<hash>` (docs/runner.md)

    const labels = new LabelsPage(ctx.page);
    await labels.tab('agreement');
    const agreement = new AgreementPage(ctx.page);
    const judge = new JudgeValidationPage(ctx.page);
    await agreement.compute('grade');
    await judge.tab('compare');
    await expect(judge.compareOptions()).resolves.toContain(
      `fake-judge @ ${fakeRow.judgeVersion} (${CALLS.length} judgements)`,
    );
    await judge.compareJudges('grade:correct', VERA_STUDY.lenient, 'fake-judge @ ');
    const cli = ctx.cli<JudgesOnLabelledItems>(
      'judges',
      ...['--study', VERA_STUDY.name, '--field', 'grade', '--mapping', 'grade:correct'],
      ...['--baseline', VERA_STUDY.lenient, '--candidate', `fake-judge@${fakeRow.judgeVersion}`],
    );
    const all = cli.parts.find((p) => p.part === 'all')!;
    expect(all.items).toBe(LABELLED.length);
    await expect(judge.compareReferences('all')).resolves.toEqual(all.differences.map((d) => d.reference));
    for (const d of all.differences) {
      for (const metric of ['cohenKappa', 'f1', 'percentAgreement'] as const) {
        const shown = await judge.pairedDifference('all', d.reference, metric);
        expect(Number(shown.value), `${d.reference} ${metric}`).toBe(d[metric].estimate);
        expectRounded(d[metric].estimate, Number(shown.shown.replace('−', '-')), 3);
      }
    }
    const vsAna = all.differences.find((d) => d.reference === ANA)!;
    expect(vsAna.cohenKappa.estimate).toBeCloseTo(KAPPA_VS_ANA.fake - KAPPA_VS_ANA.lenient, 12);
    await judge.scrollTo(judge.compare());
    await ctx.studio.screenshotAtBothSizes('agreement-compare-rejudged');
  });
});

describe('judging only the labelled calls', () => {
  const ctx = judgeStudyHost(true);

  it('judges exactly the calls labelled on the field, and the table sets the new judge beside the others', async () => {
    await expect(ctx.tools.judge(ctx.judgePath, 'grade')).resolves.toEqual([LABELLED.length, LABELLED.length]);
    await expect(ctx.tools.jobStatus()).resolves.toBe('done');
    const cli = judgesOf(ctx);
    expect(cliRow(cli, 'fake-judge').episodes).toBe(LABELLED.length);
    expect(cliRow(cli, VERA_STUDY.lenient).episodes).toBe(CALLS.length);
    const fakeVsAna = cliRow(cli, 'fake-judge').perAnnotator.find((p) => p.annotator === ANA)!;
    expect(fakeVsAna).toMatchObject({ n: LABELLED.length, agreement: 1, kappa: KAPPA_VS_ANA.fake });
    await ctx.tools.compareWithAnnotators('grade');
    const rows = await ctx.tools.rows();
    expect(rows.map((r) => [r.judgeId, r.judgeVersion])).toEqual(cli.judges.map((j) => [j.judgeId, j.judgeVersion]));
    expect(rows.find((r) => r.judgeId === 'fake-judge')!.cells[2]).toBe(String(LABELLED.length));
    await ctx.studio.screenshotAtBothSizes('judge-tools-only-labelled');
  });
});

describe('comparing judges with annotators', () => {
  const ctx = judgeStudyHost(false);

  it('shows every judge against each annotator and the majority as earshot judges prints them', async () => {
    await ctx.tools.compareWithAnnotators('grade');
    const cli = judgesOf(ctx);
    expect(cli.annotators).toEqual([ANA, BEN]);
    await expect(ctx.tools.headings()).resolves.toEqual([
      'judge',
      'version',
      'episodes',
      'mean κ',
      'vs majority (n · agree · κ)',
      ...cli.annotators.map((a) => `${a} (n · agree · κ)`),
    ]);
    const rows = await ctx.tools.rows();
    expect(rows.map((r) => r.judgeId)).toEqual(cli.judges.map((j) => j.judgeId)); // best mean κ first
    for (const [i, j] of cli.judges.entries()) {
      const [id, version, episodes, mean, majority, ...people] = rows[i].cells;
      expect([id, version, episodes]).toEqual([j.judgeId, j.judgeVersion, String(j.episodes)]);
      expectRounded(j.meanKappa, Number(mean), 3);
      for (const [shown, pair] of [majority, ...people].map(
        (c, k) => [c, [j.majority, ...j.perAnnotator][k]] as const,
      )) {
        const [n, agree, kappa] = shown.split(' · ');
        expect(Number(n)).toBe(pair.n);
        expectRounded(pair.agreement! * 100, Number(agree.replace('%', '')), 1);
        expectRounded(pair.kappa, Number(kappa.replace('−', '-')), 3);
      }
    }
    const vsAna = (id: string) => cliRow(cli, id).perAnnotator.find((p) => p.annotator === ANA)!.kappa!;
    expect(vsAna(VERA_STUDY.lenient)).toBeCloseTo(KAPPA_VS_ANA.lenient, 12);
    expect(vsAna(VERA_STUDY.strict)).toBeCloseTo(KAPPA_VS_ANA.strict, 12);
    await ctx.studio.screenshotAtBothSizes('judge-tools-compare');
  });
});

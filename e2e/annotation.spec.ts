/**
 * End to end in Chromium: annotators, durable labels that survive a killed host, blind mode, hidden judge, queues,
 * adjudication, agreement. Independent tests: every test writes, so each starts its own host on a database seeded
 * through the CLI (label bundles by `earshot labels import`) with what it needs, opens a fresh page and goes where it
 * needs itself. The CLI sets no roles, so a test makes its adjudicator from the badge menu; it has no command for a
 * work queue either, so the blind Agreement test draws its queue through the product's createQueue (demo-queue.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from './support/browser';
import { useChromium, useFreshPage, useTestScope } from './support/spec-hooks';
import { writeLabelBundle, type BundleLabel } from './support/label-bundle';
import { seedDemoQueue } from './support/demo-queue';
import { earshotJson } from '../test-support/earshot-cli';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { AgreementPage } from './pages/agreement-page';
import { veraTaxonomy } from '../shared/taxonomies/vera';

const ORDER = 'demo-retail-order-status';
const chromium = useChromium();
const scope = useTestScope();
const freshPage = useFreshPage(chromium);
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let agreement: AgreementPage;

beforeEach(() => {
  page = freshPage();
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  agreement = new AgreementPage(page);
});

const shot = (name: string) => page.screenshot({ path: join(artifactsDir, `${name}.png`) });

/** Label bundles of these annotators (name → final labels) in the test's work folder, to seed through the CLI. */
function bundles(people: Record<string, BundleLabel[]>, commits: Record<string, string[]> = {}): string[] {
  const work = scope.work();
  return Object.entries(people).map(([name, ls], i) => writeLabelBundle(work, `${i}.json`, name, ls, commits[name]));
}

/** Opens the studio on a host of its own seeded with these annotators' bundles, labelling as `as` when given. */
async function openSeeded(people: Record<string, BundleLabel[]>, as?: string): Promise<void> {
  await studio.open((await scope.host({ labelBundles: bundles(people) })).url);
  if (as) await labels.switchTo(as);
}

/** The adjudicator every test uses, added from the badge menu (the CLI sets no roles) and made current. */
const becomeJudy = () => labels.addAndSwitchTo('Judy Park', 'adjudicator');

describe('labelling', () => {
  it('starts with no annotator; adding the first makes it current, switching needs a confirmation', async () => {
    await studio.open((await scope.host()).url);
    expect(await labels.currentAnnotator()).toBe('');
    await studio.openEpisode('demo-retail-order-status');
    await expect(labels.panel().textContent()).resolves.toContain('Choose who you are');
    await labels.addAnnotator('Ana Lima');
    expect(await labels.currentAnnotator()).toBe('Ana Lima');
    await labels.addAnnotator('Ben Okafor');
    await expect(page.getByTestId('annotator-confirm').textContent()).resolves.toContain('Ben Okafor');
    await labels.closeMenu();
    expect(await labels.currentAnnotator()).toBe('Ana Lima');
    await labels.addAnnotator('Judy Park', 'adjudicator');
    await labels.closeMenu();
  });

  it('saves every change at once and shows the acknowledgement; number keys answer the focused field', async () => {
    await openSeeded({ 'Ana Lima': [] }, 'Ana Lima');
    await studio.openEpisode(ORDER);
    const first = await labels.choose('source', 'agent');
    await labels.field('severity').locator('.label-name').click();
    await studio.press('2'); // severity options are digits: the key names the value
    await labels.waitForAck(first);
    expect(await labels.chosen('severity')).toEqual(['2']);
    await labels.field('source').locator('.label-name').click();
    const third = await labels.revision();
    await studio.press('3'); // other fields: the n-th option
    await labels.waitForAck(third);
    expect(await labels.chosen('source')).toEqual(['system']);
    await labels.choose('source', 'agent');
    await labels.choose('judge_agree', 'no');
    await labels.choose('judge_label', 'pass');
    await labels.writeNotes('agent read the order number back wrong');
    await studio.turns().nth(3).click();
    await studio.waitForTime((t) => Math.abs(t - 9.087) < 0.1);
    const beforeTime = await labels.revision();
    await page.getByTestId('first-error-playhead').click();
    await labels.waitForAck(beforeTime);
    await expect(page.getByTestId('first-error-time').textContent()).resolves.toBe('@ 0:09.1');
    await shot('labels-panel');
  });

  it('undo reverts the last change from the history', async () => {
    await openSeeded({ 'Ana Lima': [] }, 'Ana Lima');
    await studio.openEpisode(ORDER);
    // The change to undo: the first error set at the playhead, on the fourth turn (as the test above sets it).
    await studio.turns().nth(3).click();
    await studio.waitForTime((t) => Math.abs(t - 9.087) < 0.1);
    const set = await labels.revision();
    await page.getByTestId('first-error-playhead').click();
    await labels.waitForAck(set);
    await expect(page.getByTestId('first-error-time').textContent()).resolves.toBe('@ 0:09.1');
    const before = Number(await labels.ack().getAttribute('data-revision'));
    await page.getByTestId('label-undo').click();
    await labels.waitForAck(before);
    await expect(page.getByTestId('first-error-time').textContent()).resolves.toBe('not set');
    const again = await labels.revision();
    await page.getByTestId('first-error-playhead').click();
    await labels.waitForAck(again);
  });

  it('a label acknowledged on screen survives a killed host process', async () => {
    // Ana's labels on the call as the test above leaves them: severity 2, the first error at 9.087 s (turn 4's start).
    const ana: BundleLabel[] = [
      { episode: ORDER, field: 'source', value: 'agent' },
      { episode: ORDER, field: 'severity', value: '2' },
      { episode: ORDER, field: 'first_error_ms', value: 9087 },
    ];
    const host = await scope.killableHost({ labelBundles: bundles({ 'Ana Lima': ana }) });
    await studio.open(await host.serve());
    await labels.switchTo('Ana Lima');
    await studio.openEpisode(ORDER);
    await labels.waitForPanel();
    const revision = await labels.choose('source', 'system');
    expect(revision).toBeGreaterThan(0);
    await host.killHard();
    await studio.open(await host.serve());
    // A new port is a new origin: the browser does not remember who was labelling, so choose again (deliberately).
    expect(await labels.currentAnnotator()).toBe('');
    await labels.switchTo('Ana Lima');
    await studio.openEpisode('demo-retail-order-status');
    await labels.panel().locator('[data-testid="label-field"]').first().waitFor();
    expect(await labels.chosen('source')).toEqual(['system']);
    expect(await labels.chosen('severity')).toEqual(['2']);
    await expect(page.getByTestId('first-error-time').textContent()).resolves.toBe('@ 0:09.1');
  });
});

describe('blind mode, hidden judge, queues, adjudication and agreement', () => {
  const calls = [
    'demo-retail-order-status',
    'demo-airline-change-flight',
    'demo-retail-return-interrupt',
    'demo-intake-date-of-birth',
  ];
  const ana = ['agent', 'agent', 'user', 'agent'];
  const ben = ['user', 'user', 'user', 'agent'];
  /** Ana's and Ben's source labels on the four calls, as the first test below gives them in the Label view. */
  const sources = (values: string[]): BundleLabel[] =>
    calls.map((episode, i) => ({ episode, field: 'source', value: values[i] }));
  const labelled = () => ({ 'Ana Lima': sources(ana), 'Ben Okafor': sources(ben) });

  it('never shows one annotator the other’s labels in a blind study; the adjudicator sees both', async () => {
    await openSeeded({ 'Ana Lima': [], 'Ben Okafor': [] }, 'Ana Lima');
    for (const [i, id] of calls.entries()) {
      await studio.openEpisode(id);
      await labels.choose('source', ana[i]);
    }
    await labels.switchTo('Ben Okafor');
    await studio.openEpisode(calls[0]);
    await labels.panel().locator('[data-testid="label-field"]').first().waitFor();
    expect(await labels.chosen('source')).toEqual([]);
    expect(await page.getByTestId('other-labels').count()).toBe(0);
    for (const [i, id] of calls.entries()) {
      await studio.openEpisode(id);
      await labels.choose('source', ben[i]);
    }
    await expect(labels.panel().getByTestId('other-labels').count()).resolves.toBe(0);
    // The control: the same call, opened by the adjudicator, lists both annotators' labels in the same place.
    await becomeJudy();
    await studio.openEpisode(calls[3]);
    await page.getByTestId('other-labels').waitFor();
    const both = /Ana Lima: source agent.*Ben Okafor: source agent/;
    await expect(page.getByTestId('other-labels').textContent()).resolves.toMatch(both);
  });

  it('hides the judge until commit when the study asks for it, keeping the pre-reveal label', async () => {
    await openSeeded({ 'Ben Okafor': [] }, 'Ben Okafor');
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click(); // saved on the main side, then shown checked
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:checked').waitFor();
    await labels.tab('label');
    await studio.openEpisode('vera_demo_math_01');
    await page.getByTestId('judge-hidden').filter({ hasText: 'Hidden until you commit' }).waitFor();
    expect(await page.getByTestId('judge-verdict').count()).toBe(0);
    expect(await labels.field('judge_agree').count()).toBe(0);
    await labels.choose('source', 'agent');
    await expect(labels.panel().getAttribute('data-phase')).resolves.toBe('pre_reveal');
    await shot('labels-judge-hidden');
    await page.getByTestId('label-commit').click();
    await page.getByTestId('judge-verdict').waitFor();
    await expect(labels.panel().getAttribute('data-phase')).resolves.toBe('final');
    await labels.field('judge_agree').waitFor();
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click();
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:not(:checked)').waitFor();
    await labels.tab('label');
  });

  it('draws a seeded queue of failed calls stratified by system and shows progress per annotator', async () => {
    await openSeeded({ 'Ana Lima': [], 'Ben Okafor': [] }, 'Ben Okafor');
    await studio.openCall(ORDER); // the queue's bar is part of the label panel of an open call
    await labels.tab('setup');
    await page.getByTestId('queue-name').fill('pilot');
    await page.getByTestId('queue-size').fill('3');
    await page.locator('[data-testid="queue-assignee"][data-name="Ana Lima"]').check();
    await page.locator('[data-testid="queue-assignee"][data-name="Ben Okafor"]').check();
    await page.getByTestId('queue-create').click();
    await page.getByTestId('queue-message').filter({ hasText: 'drew 3 calls' }).waitFor();
    await page.getByTestId('queue-annotator-progress').nth(1).waitFor();
    await expect(page.getByTestId('queue-annotator-progress').allTextContents()).resolves.toEqual([
      expect.stringContaining('Ana Lima: 0 / 3'),
      expect.stringContaining('Ben Okafor: 0 / 3'),
    ]);
    await shot('labels-setup');
    await labels.tab('label');
    await page.getByTestId('queue-progress').filter({ hasText: '0 / 3 done' }).waitFor();
    await page.getByTestId('queue-next').click();
    await page.getByTestId('label-commit').click();
    await page.getByTestId('queue-progress').filter({ hasText: '1 / 3 done' }).waitFor();
  });

  it('keeps adjudication to adjudicators, queues the disputed items and counts resolution', async () => {
    await openSeeded(labelled(), 'Ben Okafor');
    await labels.tab('adjudicate');
    await expect(page.getByTestId('adjudication-view').textContent()).resolves.toContain('adjudicators only');
    await becomeJudy();
    await page.getByTestId('adjudication-field').selectOption('source');
    await page.getByTestId('resolution-count').filter({ hasText: 'source resolved for 2 of 4' }).waitFor();
    const items = page.getByTestId('adjudication-item');
    await expect(items.count()).resolves.toBe(2);
    await items.first().click();
    await studio.waitForWaveform();
    await expect(page.getByTestId('rater-label').allTextContents()).resolves.toEqual(['agent', 'user']);
    await page.locator('[data-testid="final-option"][data-value="agent"]').click();
    await page.getByTestId('adjudication-rationale').fill('the agent transposed the digits');
    await page.getByTestId('adjudication-save').click();
    await page.getByTestId('resolution-count').filter({ hasText: 'source resolved for 3 of 4' }).waitFor();
    // Saving moves on to the next open dispute by itself.
    const next = await items.nth(1).getAttribute('data-episode-id');
    await page.locator(`[data-testid="adjudication-panel"][data-episode-id="${next}"]`).waitFor();
    await page.locator('[data-testid="final-option"][data-value="unresolved"]').click();
    await page.getByTestId('adjudication-rationale').fill('cannot tell from the audio');
    await page.getByTestId('adjudication-save').click();
    // Unresolved is not decided: the counts add up to the 4 items.
    const counts = 'source resolved for 3 of 4 (2 unanimous, 1 decided, 1 unresolved, 0 open)';
    await page.getByTestId('resolution-count').filter({ hasText: counts }).waitFor();
    await shot('labels-adjudication');
  });

  it('computes agreement on the main side and shows statistics with intervals and the confusion matrix', async () => {
    await openSeeded(labelled());
    await becomeJudy();
    await labels.tab('agreement');
    await page.getByTestId('agreement-field').selectOption('source');
    await page.getByTestId('agreement-compute').click();
    await page.getByTestId('agreement-result').waitFor({ timeout: 30_000 });
    const stats = page.getByTestId('agreement-stats');
    await expect(stats.locator('tr[data-stat="percentAgreement"] td').nth(1).textContent()).resolves.toBe('0.500');
    await expect(page.getByTestId('confusion-matrix').textContent()).resolves.toContain('Ana Lima');
    await shot('labels-agreement');
  });

  it('keeps agreement blind to an annotator who has not finished; the adjudicator sees and reveals it', async () => {
    // A queue of three failed calls for both (no CLI command draws one), of which Ben committed the first: the
    // commit comes in a second bundle of his through `earshot labels import`, so he has two remaining items.
    const work = scope.work();
    const after = async (place: { db?: string; home: string }) => {
      const queue = await seedDemoQueue(place.db!, { name: 'pilot', size: 3, assignees: ['Ana Lima', 'Ben Okafor'] });
      const commit = writeLabelBundle(work, 'ben-commit.json', 'Ben Okafor', [], queue.get('Ben Okafor')!.slice(0, 1));
      earshotJson(place, 'labels', 'import', commit);
    };
    await studio.open((await scope.host({ labelBundles: bundles(labelled()), after })).url);
    await labels.switchTo('Ben Okafor');
    await labels.tab('agreement');
    await agreement.blindNotice().waitFor();
    const why = 'Study "Demo study" is blind: agreement opens when you finish your 2 remaining items';
    await expect(agreement.blindNotice().textContent()).resolves.toContain(`${why} or an adjudicator reveals it.`);
    expect(await agreement.matrix().count()).toBe(0);
    expect(await agreement.result().count()).toBe(0);
    await shot('agreement-blind-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('agreement-blind-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The control: the adjudicator, on the same tab of the same study, gets the figures and the confusion matrix.
    await labels.tab('label');
    await becomeJudy();
    await labels.tab('agreement');
    await agreement.compute('source');
    await expect(agreement.matrix().textContent()).resolves.toContain('Ben Okafor');
    expect(await agreement.blindNotice().count()).toBe(0);
    await agreement.reveal();
    await labels.tab('label');
    await labels.switchTo('Ben Okafor');
    await labels.tab('agreement');
    await agreement.compute('source');
    await expect(agreement.matrix().textContent()).resolves.toContain('Ana Lima');
    expect(await agreement.blindNotice().count()).toBe(0);
  });

  it('gives the study its own taxonomy from a validated JSON file, refusing a broken one', async () => {
    await openSeeded({ 'Ana Lima': [], 'Ben Okafor': [] }, 'Ben Okafor');
    const work = scope.work();
    const good = join(work, 'vera-study.json');
    const bad = join(work, 'broken.json');
    writeFileSync(good, JSON.stringify({ ...veraTaxonomy, id: 'vera-study', name: 'VERA study taxonomy' }));
    writeFileSync(bad, JSON.stringify({ ...veraTaxonomy, fields: [{ key: 'notes', label: 'Notes', kind: 'text' }] }));
    await labels.tab('setup');
    await page.getByTestId('taxonomy-file').setInputFiles(bad);
    const refusal = 'broken.json: fields.0.key: "notes" is reserved';
    await page.getByTestId('setup-message').filter({ hasText: refusal }).waitFor();
    await shot('setup-taxonomy-refused-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('setup-taxonomy-refused-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('taxonomy-file').setInputFiles(good);
    await page.getByTestId('taxonomy-current').filter({ hasText: 'VERA study taxonomy' }).waitFor();
    await labels.switchTo('Ana Lima');
    await labels.tab('label');
    await studio.openEpisode('vera_demo_science_03');
    expect(await labels.field('error_categories').count()).toBe(0);
    await labels.choose('grade', 'NOT_ATTEMPTED');
    await labels.choose('error_categories', 'NO_FINAL_ANSWER');
    await labels.choose('error_categories', 'OTHER');
    expect(await labels.chosen('error_categories')).toEqual(['NO_FINAL_ANSWER', 'OTHER']);
    // The first critical error picked on the waveform: arm, click the wave at about half the call.
    await page.getByTestId('first-error-arm').click();
    const canvas = page.getByTestId('waveform-canvas');
    const box = (await canvas.boundingBox())!;
    const before = await labels.revision();
    await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await labels.waitForAck(before);
    const ms = Number(await page.getByTestId('first-error-time').getAttribute('data-ms'));
    expect(ms).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(4300);
    await page.getByTestId('first-error-marker').waitFor();
    await studio.press('t');
    await shot('labels-vera-dark');
    await studio.press('t');
  });
});

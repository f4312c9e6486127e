/**
 * End to end in Chromium on the benchmark fixtures: the reference panel beside the labels (VERA's expected answer and
 * context document, τ-Elicitation's gold values against the submitted ones and the complication, τ²'s expected
 * actions, read from a copy of the τ² run whose results.json lists its task), kept as text, hidden until commit when
 * the study says so; and the speech-activity timeline a τ² call without audio gets in place of the waveform.
 * Independent tests: each `describe` has its own host seeded through `earshot import` with the studies it reads, the
 * one test that writes (a setting, an annotator, a commit) gets a host of its own, and every test opens a fresh page
 * and the call it needs, so any test runs alone and in any order.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../test-support/fixtures';
import { makeTau2RunWithTask, TASK_40_SIM_ID } from '../test-support/tau2-task-run';
import { useChromium, useFreshPage, useSeededHost, useTestScope } from './support/spec-hooks';
import type { SeedImport } from './support/seeded-host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { MetricsPage } from './pages/metrics-page';
import { ReferencePage } from './pages/reference-page';
import { ExpectedActionsPage } from './pages/expected-actions-page';
import { TimelinePage } from './pages/timeline-page';

const VERA = 'VERA sample';
const ELICIT = 'τ-Elicitation archive';
const TAU2 = 'τ-Voice experiment';
const TAU2_TASKS = 'τ-Voice experiment with its task';
/** A simulation of the run whose task (98) results.json does not list. */
const UNLISTED_TASK_SIM_ID = '7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680';
const MARKUP = 'Markup check';
/** Text that would run or draw something if it were ever taken as HTML. */
const HOSTILE_ANSWER = '<img src=x onerror="window.__injected=1"> 30 days';
const HOSTILE_DOC = '<b>Returns</b> policy.<script>window.__injected=2</script>\nUnopened items: thirty days.';

/** The studies the hosts are seeded with through `earshot import`. */
const seeds = {
  vera: (): SeedImport => ({ path: fixture('vera', 'test_voice_episodes'), study: VERA }),
  elicit: (): SeedImport => ({ path: fixture('tau-elicitation'), study: ELICIT }),
  tau2: (): SeedImport => ({ path: fixture('tau2-voice', 'experiment'), study: TAU2 }),
  tau2WithTask: (dir: string): SeedImport => ({ path: makeTau2RunWithTask(dir), study: TAU2_TASKS }),
  markup(dir: string): SeedImport {
    const path = join(dir, 'markup.jsonl');
    const lines = [
      { schema: 'earshot-study-v1', name: MARKUP, benchmark: 'generic' },
      {
        schema: 'earshot-episode-v1',
        id: 'markup-call',
        turns: [{ speaker: 'user', text: 'How long do I have to return it?' }],
        info: { answer: { expected: HOSTILE_ANSWER, given: 'sixty days' }, document: HOSTILE_DOC },
      },
    ];
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return { path, study: MARKUP };
  },
};

const chromium = useChromium();
const scope = useTestScope();
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let studies: MetricsPage;
let reference: ReferencePage;
let actions: ExpectedActionsPage;
let timeline: TimelinePage;

/** A fresh page for every test of the enclosing `describe`, opened on `url()` (the studio shown, no annotator). */
function freshPageOn(url: () => string): void {
  const freshPage = useFreshPage(chromium);
  beforeEach(async () => {
    page = freshPage();
    studio = new StudioPage(page);
    labels = new LabelsPage(page);
    studies = new MetricsPage(page);
    reference = new ReferencePage(page);
    actions = new ExpectedActionsPage(page);
    timeline = new TimelinePage(page);
    if (url()) await studio.open(url());
  });
}

/** A host of its own for the enclosing `describe` with these imports (its tests only read), and a fresh page on it. */
function sharedHost(imports: (work: string) => SeedImport[]): void {
  const host = useSeededHost({ seed: (work) => ({ imports: imports(work) }) });
  freshPageOn(() => host().url);
}

/** Shows `study` in the studio and opens its call `externalId` (with or without audio). */
async function openCall(study: string, externalId: string): Promise<void> {
  await studies.selectStudy(study);
  await studio.openCall(externalId);
}

describe('the reference panel on VERA', () => {
  sharedHost(() => [seeds.vera()]);

  it('shows a short expected answer whole, with no document', async () => {
    await openCall(VERA, 'vera_aime_0a923d23');
    await expect(reference.expected().textContent()).resolves.toBe('117');
    await expect(reference.expectedOpen()).resolves.toBe('');
    await expect(reference.documents().count()).resolves.toBe(0);
  });

  it('collapses the long-context answer and the 42 K-character context document until opened', async () => {
    await openCall(VERA, 'vera_mrcr_00c44580');
    await expect(reference.expectedOpen()).resolves.toBe('false');
    await expect(reference.documents().count()).resolves.toBe(1);
    await expect(reference.documentText(0)).resolves.toBeNull();
    await studio.screenshotAtBothSizes('reference-vera-collapsed');
    await reference.toggleExpected();
    await expect(reference.expectedOpen()).resolves.toBe('true');
    const text = await reference.openDocument(0);
    const content = (await text.textContent()) ?? '';
    expect(content.startsWith('User: Here are some examples of conversations')).toBe(true);
    expect(content.length).toBeGreaterThan(40_000);
    await studio.screenshotAtBothSizes('reference-vera-open');
  });
});

describe('imported text in the reference panel', () => {
  sharedHost((work) => [seeds.markup(work)]);

  it('is shown as the characters it is, never taken as markup', async () => {
    await openCall(MARKUP, 'markup-call');
    await expect(reference.expected().textContent()).resolves.toBe(HOSTILE_ANSWER);
    const doc = await reference.openDocument(0);
    await expect(doc.textContent()).resolves.toBe(HOSTILE_DOC);
    await expect(reference.elementsInImportedText()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __injected?: number }).__injected)).resolves.toBeUndefined();
  });
});

describe('the reference panel on τ-Elicitation', () => {
  sharedHost(() => [seeds.elicit()]);

  it('sets the gold value against the submitted one and marks where they differ, with the complication', async () => {
    await openCall(ELICIT, '04fcaa9c-0ee3-4b34-a505-b199d40d233c');
    await expect(reference.field('contact_email')).resolves.toEqual({
      status: 'differs',
      gold: 'john.g-2@qorvexmail.io',
      submitted: 'j@mail.io',
      marked: ['ohn.g-2@qorvex', '@'],
    });
    await expect(reference.fieldsSummary()).resolves.toBe('1 of 1 not captured');
    await expect(reference.complication()).resolves.toEqual({ kind: 'spell_correction', shown: 'spell correction' });
    await studio.screenshotAtBothSizes('reference-elicitation-differs');
  });

  it('shows a captured value as a match and a value never submitted as missing', async () => {
    await openCall(ELICIT, '0185696e-6f17-46c9-909b-ee02a247b547');
    await expect(reference.field('date_of_birth')).resolves.toMatchObject({ status: 'match', marked: [] });
    await expect(reference.fieldsSummary()).resolves.toBe('all captured');
    await openCall(ELICIT, '02cd5ecc-130f-449d-be13-c0faa86ca6cd');
    await expect(reference.field('current_medication')).resolves.toMatchObject({
      status: 'missing',
      gold: 'Warfarin 2 mg tablet',
      submitted: '–',
    });
    await expect(reference.complication()).resolves.toMatchObject({ kind: 'mispronounced_term' });
  });

  it('is hidden until the annotator commits when the study says so, then shown', async () => {
    // It writes (an annotator, the setting, a commit): on a host of its own rather than the describe's.
    await studio.open((await scope.host({ imports: [seeds.elicit()] })).url);
    await studies.selectStudy(ELICIT);
    await labels.addAnnotator('Ana Reyes');
    await labels.tab('setup');
    await reference.setHiddenUntilCommit(true);
    await labels.tab('label');
    await studio.openCall('0738e932-0e72-4cf7-bb26-e13bc0ed4727');
    await reference.hiddenNotice().waitFor();
    await expect(reference.panel().count()).resolves.toBe(0);
    await studio.screenshotAtBothSizes('reference-hidden');
    await reference.commitLabels();
    await reference.panel().waitFor();
    await expect(reference.field('contact_phone')).resolves.toEqual({
      status: 'formatting',
      gold: '+44 20 7946 0103',
      submitted: '+442079460103',
      marked: [],
    });
    await labels.tab('setup');
    await reference.setHiddenUntilCommit(false);
    await labels.tab('label');
  });
});

describe('the reference panel on τ²', () => {
  sharedHost((work) => [seeds.tau2WithTask(work)]);

  it('lists the expected actions of the call’s task with their arguments, and what the agent must say', async () => {
    await openCall(TAU2_TASKS, TASK_40_SIM_ID);
    await expect(actions.shown()).resolves.toEqual([
      { name: 'find_user_id_by_email', args: [['email', 'isabella.lopez3271@example.com']], by: '' },
      { name: 'get_user_details', args: [['user_id', 'isabella_lopez_6490']], by: '' },
      { name: 'get_order_details', args: [['order_id', '#W4923227']], by: '' },
      {
        name: 'modify_pending_order_payment',
        args: [
          ['order_id', '#W4923227'],
          ['payment_method_id', 'credit_card_8897086'],
        ],
        by: '',
      },
    ]);
    await expect(actions.lists()).resolves.toEqual([
      ['to communicate', ['60', 'mastercard']],
      [
        'assertions',
        [
          'Agent should tell the user their gift card balance is $60.',
          'Agent should tell the user their recent order was paid with a Mastercard.',
        ],
      ],
    ]);
    await expect(reference.missingNote()).resolves.toBe('');
    await studio.screenshotAtBothSizes('reference-tau2-actions');
  });

  it('lists none, and says why, for a call of the same run whose task results.json does not list', async () => {
    await openCall(TAU2_TASKS, UNLISTED_TASK_SIM_ID);
    await expect(reference.missingNote()).resolves.toMatch(/^No expected actions/);
    await expect(actions.actions().count()).resolves.toBe(0);
  });
});

describe('the speech-activity timeline of a τ² call without audio', () => {
  sharedHost(() => [seeds.tau2(), seeds.elicit()]);

  it('draws both lanes from the ticks in place of "No audio", with latencies, overlaps and silences', async () => {
    await openCall(TAU2, '49b22f0c-4a56-41c5-922f-bc2a56e53a23');
    await timeline.waitForTimeline();
    await expect(timeline.noAudioNotice().count()).resolves.toBe(0);
    const bars = await timeline.bars();
    expect(bars.length).toBe(await studio.turns().count());
    expect(new Set(bars.map((b) => b.side))).toEqual(new Set(['user', 'agent']));
    const [userY, agentY] = ['user', 'agent'].map((side) => bars.find((b) => b.side === side)!.box.y);
    expect(agentY).toBeGreaterThan(userY);
    await expect(timeline.count('latency-mark')).resolves.toBeGreaterThan(0);
    await expect(timeline.count('overlap-mark')).resolves.toBe(await timeline.transcriptOverlaps().count());
    await expect(timeline.count('silence-mark')).resolves.toBeGreaterThan(0);
    await expect(reference.missingNote()).resolves.toMatch(/^No expected actions/);
    await studio.screenshotAtBothSizes('timeline-tau2');
  });

  it('moves the transcript to the turn clicked on the timeline, and the cursor to a turn clicked in it', async () => {
    await openCall(TAU2, '49b22f0c-4a56-41c5-922f-bc2a56e53a23');
    await timeline.waitForTimeline();
    const bars = await timeline.bars();
    const first = bars[0];
    await timeline.clickBar(first);
    await expect.poll(() => timeline.activeBarStartMs()).toBe(first.startMs);
    await expect.poll(() => timeline.activeTurnStartMs()).toBe(first.startMs);
    const tenth = studio.turns().nth(9);
    const start = Number(await tenth.getAttribute('data-start-ms'));
    await tenth.click();
    await expect.poll(() => timeline.cursorMs()).toBe(start + 1);
    await expect.poll(() => timeline.activeBarStartMs()).toBe(start);
    await studio.screenshotAtBothSizes('timeline-tau2-clicked');
  });

  it('keeps "No audio" for a call whose turns carry no times', async () => {
    await openCall(ELICIT, '04fcaa9c-0ee3-4b34-a505-b199d40d233c');
    await timeline.noAudioNotice().waitFor();
    await expect(timeline.timeline().count()).resolves.toBe(0);
  });
});
